/**
 * The fixture site: a copy of the repository with the tests' own docs (tests/fixtures/test-docs, which
 * has audiences: a folder and pages for some readers, a page for several, a public page, a 1.0 page), on
 * which an author then did what CONTRIBUTING.md describes: the current docs kept at `/docs`, as a Docusaurus
 * site keeps them (version-settings.json); the release procedure run (2.0 frozen below them at `/docs/2.0`,
 * the current docs relabelled 3.0, a page added; 1.0 stays at `/1.0`); two sections of the same names added
 * to 3.0 and to 1.0 (the case the search plugin's own client got wrong). The real-docs fixture
 * (testkit/realDocs.ts) is then added to the current version. `npm test` builds it beside the repository's own
 * build (`npm run build:test-sites`); the integration tests of who reads what and the browser tests run on
 * it. Whatever docs the site itself has, these tests know what they find.
 */
import {execFileSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {addRealDocs} from '../../testkit/realDocs';
import {writeCategory, writeDoc} from '../../testkit/docs';
import {siteBuildEnv} from '../../testkit/siteBuild';
import {SITE_DIR} from '../../contracts/buildLayout';
import {siteVersions, VERSION_SETTINGS_FILE, type VersionSettings} from '../../contracts/siteVersions';
import {EMULATOR_HOST, GATE_PORT} from './environment';
import {copyBuild, copyFixtureSite, type SiteCopy} from './siteCopies';

/** One per checkout (its gate port), so that two checkouts can run their tests side by side. */
export const FIXTURE_SITE = path.join(tmpdir(), `tutorial-hub-fixture-site-${GATE_PORT}`);
/** What a gate of the fixture site serves (`BUILD_DIR`), and its readers' site. */
export const FIXTURE_SITE_BUILD_ROOT = copyBuild(FIXTURE_SITE);
export const FIXTURE_SITE_BUILD = copyBuild(FIXTURE_SITE, SITE_DIR);

/** Where the fixture site serves its current docs (version-settings.json); the release froze 2.0 below them. */
export const CURRENT_DOCS_PATH = 'docs';
/** The current docs' label, given by the release. */
export const CURRENT_LABEL = '3.0';
/** Where the release froze the docs it cut: below the current ones. */
const FROZEN_DOCS_PATH = `${CURRENT_DOCS_PATH}/2.0`;

/** A page of the current docs, by its path within them (`/chapter-1-introduction`), as the fixture site serves it. */
export const currentDocsAddress = (pagePath: string) => `/${CURRENT_DOCS_PATH}${pagePath}`;

/** Whether a page of the fixture site is one of its current docs' (not the frozen 2.0's below them, nor another version's). */
export function isCurrentDocsPage(url: string): boolean {
  const under = (route: string) => url === `/${route}` || url.startsWith(`/${route}/`);
  return under(CURRENT_DOCS_PATH) && !under(FROZEN_DOCS_PATH);
}

/** A word that appears nowhere else: it exists only in the page the release adds to 3.0. */
export const RELEASE_WORD = 'quokkasaurus';
/** The Markdown title the release's page opens with, under its front matter's "Release notes" (the sidebar's). */
export const RELEASE_NOTES_HEADING = `Release notes for ${CURRENT_LABEL}`;

export const SECTIONS = [
  {folder: 'field-notes', label: 'Field Notes'},
  {folder: 'workshop', label: 'Workshop'},
];
/** The versions given the sections: the newest (at /docs) and one under its own path. */
export const VERSIONS_WITH_SECTIONS = [CURRENT_LABEL, '1.0'];
/** One word per section doc, found nowhere else, so that a search can only find its own doc. */
export const SECTION_WORDS = ['marmot', 'ocelot', 'tapir', 'okapi', 'quoll', 'numbat', 'dugong', 'saola'];

/** Two sections of two docs in each of VERSIONS_WITH_SECTIONS, same folder names in both. */
function addSections(site: string): void {
  let word = 0;
  for (const version of siteVersions(site).filter(({label}) => VERSIONS_WITH_SECTIONS.includes(label))) {
    SECTIONS.forEach(({folder, label}, position) => {
      const dir = path.join(site, version.docsDir, folder);
      writeCategory(dir, {label, position: 20 + position});
      for (const doc of [1, 2]) {
        const unique = SECTION_WORDS[word++]!;
        writeDoc(path.join(dir, `${unique}.md`), {
          title: `${label} ${unique}`,
          description: `Lesson ${doc} of the ${label} section, in version ${version.label} of the generated site.`,
          position: doc,
          body: `## Steps\n\nThe ${unique} lesson belongs to ${label} in version ${version.label}; readers search for it by name.`,
        });
      }
    });
  }
}

/** What an author does to the tests' docs: current docs at `/docs`, 2.0 released, a page and sections added. */
function releaseAsAnAuthor(site: string): void {
  const settingsFile = path.join(site, VERSION_SETTINGS_FILE);
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as VersionSettings;
  writeFileSync(settingsFile, `${JSON.stringify({...settings, current: {path: CURRENT_DOCS_PATH}})}\n`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(site, 'scripts/release-version.ts'), CURRENT_LABEL, site], {
    cwd: site,
    stdio: 'pipe',
    env: {...process.env, ...siteBuildEnv(EMULATOR_HOST)},
  });
  writeDoc(path.join(site, 'docs/release-notes.md'), {
    title: 'Release notes',
    description: `What changed in the ${CURRENT_LABEL} edition of the tutorials.`,
    position: 10,
    body: `# ${RELEASE_NOTES_HEADING}\n\n## What is new\n\nThe ${CURRENT_LABEL} edition introduces the ${RELEASE_WORD} checklist for reviewing a tutorial before it ships.`,
  });
  addSections(site);
}

/** The repository with the tests' own docs, released as an author would, and the real docs added. */
export const FIXTURE_SITE_COPY: SiteCopy = {
  site: FIXTURE_SITE,
  make() {
    copyFixtureSite(FIXTURE_SITE);
    releaseAsAnAuthor(FIXTURE_SITE);
    addRealDocs(FIXTURE_SITE);
  },
};
