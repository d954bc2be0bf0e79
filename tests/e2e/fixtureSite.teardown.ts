import {rmSync} from 'node:fs';
import {test as teardown} from './fixtures';
import {FIXTURE_SITE} from './fixtureSite';

teardown('remove the fixture site', () => {
  rmSync(FIXTURE_SITE, {recursive: true, force: true});
});
