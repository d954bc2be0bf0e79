import {rmSync} from 'node:fs';
import {test as teardown} from '../fixtures';
import {REAL_DOCS_SITE} from './realDocsSite';

teardown('remove the real-docs site', () => {
  rmSync(REAL_DOCS_SITE, {recursive: true, force: true});
});
