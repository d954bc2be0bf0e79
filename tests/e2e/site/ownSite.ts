/**
 * The site's own docs, whatever they are: the repository's build (`npm run build`) served by a gate of its
 * own, signed in as the demo reader, who is in every audience the docs define.
 */
import {parseMediaOrigins} from '../../../contracts/mediaOrigins';
import {REPO} from '../../../testkit/siteCopy';
import {ownSiteGateEnv} from '../../support/environment';
import {siteCopyTest} from '../siteCopies';

export {expect} from '../fixtures';

export const test = siteCopyTest(REPO, ownSiteGateEnv()).extend({otherSites: parseMediaOrigins(process.env.MEDIA_ORIGINS)});
