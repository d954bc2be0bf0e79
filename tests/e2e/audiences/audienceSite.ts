/**
 * The fixture site (tests/support/fixtureSite.ts) behind a gate of its own whose readers file puts one
 * reader in no audience, one in partners and one in staff, with public pages on: what each of them, and
 * a visitor who is not signed in, sees in a browser.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {type ReaderCredentials} from '../loginPage';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {FIXTURE_SITE} from '../../support/fixtureSite';
import {newReader} from '../../support/reader';
import {FIXTURE_MEDIA_ORIGINS} from '../fixtureSite';
import {siteCopyTest} from '../siteCopies';

export {expect} from '../fixtures';

/** The readers of each kind, and the audiences the readers file gives them. */
export const KINDS = {none: [], partners: ['partners'], staff: ['staff']} as const;
export type Kind = keyof typeof KINDS;

interface AudienceReaders {
  readers: Record<Kind, ReaderCredentials>;
  /** The readers file that gives each its audiences. */
  file: string;
}

export const test = siteCopyTest(FIXTURE_SITE, {
  PUBLIC_PAGES: 'on',
  MEDIA_ORIGINS: FIXTURE_MEDIA_ORIGINS,
  SESSION_REVOCATION_CHECK_SECONDS: '300',
}).extend<{audienceReaders: AudienceReaders; readerOf: (kind: Kind) => ReaderCredentials}>({
  // The readers of each kind, made once per worker: the gate's readers file names them.
  audienceReaders: async ({workerResources}, use) => {
    await use(
      await workerResources.once(
        'audience readers',
        async () => {
          const readers = Object.fromEntries(
            await Promise.all(Object.keys(KINDS).map(async (kind) => [kind, await newReader(`audience-${kind}`)])),
          ) as Record<Kind, ReaderCredentials>;
          const file = path.join(mkdtempSync(path.join(tmpdir(), 'tutorial-hub-audience-readers-')), 'readers.txt');
          writeFileSync(file, (Object.keys(KINDS) as Kind[]).map((kind) => `${readers[kind].email} ${KINDS[kind].join(',')}\n`).join(''));
          return {readers, file};
        },
        async ({file}) => rmSync(path.dirname(file), {recursive: true, force: true}),
      ),
    );
  },
  gateEnv: async ({gateEnv, audienceReaders}, use) => use({...gateEnv, ALLOWED_EMAILS_FILE: audienceReaders.file}),
  // Each test signs in the reader it shows.
  signedIn: false,
  readerOf: async ({audienceReaders}, use) => use((kind) => audienceReaders.readers[kind]),
});
