import {addRealDocs} from '../../../testkit/realDocs';
import {copySite} from '../../../testkit/siteCopy';
import {test as setup} from '../fixtures';
import {buildSiteCopy} from '../siteCopies';
import {REAL_DOCS_SITE} from './realDocsSite';

setup('copy the repository, add the real docs to 2.0, and build it', () => {
  setup.setTimeout(300_000);
  copySite(REAL_DOCS_SITE);
  addRealDocs(REAL_DOCS_SITE);
  buildSiteCopy(REAL_DOCS_SITE);
});
