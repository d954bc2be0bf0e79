import {rmSync} from 'node:fs';
import {test as teardown} from '../fixtures';
import {AUTHORED_SITE} from './authoredSite';

teardown('remove the authored site', () => {
  rmSync(AUTHORED_SITE, {recursive: true, force: true});
});
