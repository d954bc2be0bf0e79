/**
 * The search page's "Search in" menu as the gate serves it to the demo's readers (emulator-seed/readers.txt):
 * 2.0's only section is for partners, so the guest, in no audience, has no section to choose and gets
 * no menu, and the demo reader gets it with the section. Names the demo site's own docs: an author who
 * replaced them runs the tests with SPECIFICATION_TESTS=off (CONTRIBUTING.md).
 */
import {afterAll, beforeAll, expect, it} from 'vitest';
import path from 'node:path';
import {sessionCookieFor, startGate, type RunningGate} from '../support/gate';
import {REPO} from '../support/childProcess';
import {NAVIGATION} from '../../testkit/http';
import {sessionCookieHeader} from '../../contracts/session';
import {DEMO_GUEST, DEMO_READER} from '../../contracts/demoReader';

let gate: RunningGate;

beforeAll(async () => {
  gate = await startGate({ALLOWED_EMAILS_FILE: path.join(REPO, 'emulator-seed/readers.txt')});
});
afterAll(() => gate.close());

async function searchPageOf(reader: {email: string; password: string}): Promise<string> {
  const cookie = await sessionCookieFor(gate, reader);
  const page = await gate.request('/search', {headers: {...NAVIGATION, cookie: sessionCookieHeader(cookie)}});
  expect(page.status).toBe(200);
  // The page's own search field (the navbar's box has no name).
  expect(page.body).toMatch(/<input[^>]*\bname="?q\b/);
  return page.body;
}

/** The minifier keeps the quotes a value with a space needs; React separates text pieces with empty comments. */
const MENU = /<select[^>]*aria-label="Search in"[^>]*>(.*?)<\/select>/s;

it('a reader in no audience gets no menu of sections in a version whose sections they may not see', async () => {
  const page = await searchPageOf(DEMO_GUEST);
  expect(page).not.toMatch(MENU);
  expect(page).not.toContain('Partner integrations');
});

it('a reader of the section gets the menu, with the version and the section', async () => {
  const menu = (MENU.exec(await searchPageOf(DEMO_READER))?.[1] ?? '').replaceAll('<!-- -->', '');
  const options = [...menu.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((match) => match[1]);
  expect(options).toEqual(['All of 2.0', 'Partner integrations (2.0)']);
});
