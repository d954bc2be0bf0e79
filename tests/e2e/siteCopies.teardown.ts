import {rmSync} from 'node:fs';
import {test as teardown} from './fixtures';
import {AUTHORED_SITE} from '../support/authoredSite';
import {FIXTURE_SITE} from '../support/fixtureSite';

teardown('remove the site copies', () => {
  for (const site of [FIXTURE_SITE, AUTHORED_SITE]) rmSync(site, {recursive: true, force: true});
});
