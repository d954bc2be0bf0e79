/**
 * The fixture site (tests/support/fixtureSite.ts) behind a gate of its own whose readers file puts one
 * reader in no audience, one in partners and one in staff, with public pages on: what each of them, and
 * a visitor who is not signed in, sees in a browser.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {type ReaderCredentials} from '../loginPage';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {FIXTURE_SITE_BUILD_ROOT} from '../../support/fixtureSite';
import {startTestGateProcess, type GateProcess} from '../../support/gateProcess';
import {newReader} from '../../support/reader';
import {test as base} from '../fixtures';
import {FIXTURE_MEDIA_ORIGINS} from '../fixtureSite';

export {expect} from '../fixtures';

/** The readers of each kind, and the audiences the readers file gives them. */
export const KINDS = {none: [], partners: ['partners'], staff: ['staff']} as const;
export type Kind = keyof typeof KINDS;

export const test = base.extend<
  {readerOf: (kind: Kind) => ReaderCredentials},
  {readers: Record<Kind, ReaderCredentials>; audienceGate: GateProcess}
>({
  readers: [
    async ({}, use) => {
      const readers = Object.fromEntries(
        await Promise.all(Object.keys(KINDS).map(async (kind) => [kind, await newReader(`audience-${kind}`)])),
      ) as Record<Kind, ReaderCredentials>;
      await use(readers);
    },
    {scope: 'worker'},
  ],

  audienceGate: [
    async ({readers}, use) => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'tutorial-hub-audience-readers-')), 'readers.txt');
      writeFileSync(file, (Object.keys(KINDS) as Kind[]).map((kind) => `${readers[kind].email} ${KINDS[kind].join(',')}`).join('\n'));
      const gate = await startTestGateProcess({
        BUILD_DIR: FIXTURE_SITE_BUILD_ROOT,
        ALLOWED_EMAILS_FILE: file,
        PUBLIC_PAGES: 'on',
        MEDIA_ORIGINS: FIXTURE_MEDIA_ORIGINS,
        SESSION_REVOCATION_CHECK_SECONDS: '300',
      });
      await use(gate);
      await gate.close();
      rmSync(path.dirname(file), {recursive: true, force: true});
    },
    {scope: 'worker'},
  ],

  baseURL: async ({audienceGate}, use) => use(audienceGate.origin),
  otherSites: [FIXTURE_MEDIA_ORIGINS],
  readerOf: async ({readers}, use) => use((kind) => readers[kind]),
});
