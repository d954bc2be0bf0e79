/**
 * The site an author makes: a copy of the repository whose current docs are kept at `/docs`, as a
 * Docusaurus site keeps them (version-settings.json), on which the release procedure of CONTRIBUTING.md
 * was run (2.0 frozen below them at `/docs/2.0`, the current docs relabelled 3.0, a page added; 1.0 stays
 * at `/1.0`), with two sections of the same names added to 3.0 and to 1.0 (the case the search plugin's
 * own client got wrong). `npm test` builds it beside the fixture site (`npm run build:test-sites`); the browser tests of
 * tests/e2e/authoring/ serve it, and integration tests (release-versions, search-sections) read its build.
 */
import {execFileSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {writeCategory, writeDoc} from '../../testkit/docs';
import {siteBuildEnv} from '../../testkit/siteBuild';
import {siteVersions, VERSION_SETTINGS_FILE, type VersionSettings} from '../../contracts/siteVersions';
import {EMULATOR_HOST, GATE_PORT} from './environment';
import {copyFixtureSite, type SiteCopy} from './siteCopies';

/** One per checkout (its gate port), so that two checkouts can run their tests side by side. */
export const AUTHORED_SITE = path.join(tmpdir(), `tutorial-hub-authored-${GATE_PORT}`);

/** Where the authored site serves its current docs (version-settings.json); the release freezes 2.0 below them. */
export const CURRENT_DOCS_PATH = 'docs';

/** A word that appears nowhere else: it exists only in the page the release adds to 3.0. */
export const RELEASE_WORD = 'quokkasaurus';

export const SECTIONS = [
  {folder: 'field-notes', label: 'Field Notes'},
  {folder: 'workshop', label: 'Workshop'},
];
/** The versions given the sections: the newest (at /docs) and one under its own path. */
export const VERSIONS_WITH_SECTIONS = ['3.0', '1.0'];
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

/** The repository, on which the release procedure was run and the sections added as an author would. */
export const AUTHORED_SITE_COPY: SiteCopy = {
  site: AUTHORED_SITE,
  make() {
    copyFixtureSite(AUTHORED_SITE);
    // The fixture's team code (a page of lists of every page, a category page that lists what it holds) has no place
    // where each word is searched for on its own page only and each link counted: the fixture site has it.
    rmSync(path.join(AUTHORED_SITE, 'docs/pages-of-this-site.mdx'));
    rmSync(path.join(AUTHORED_SITE, 'src/theme/DocCategoryGeneratedIndexPage'), {recursive: true});
    const run = (args: string[]) =>
      execFileSync(process.execPath, args, {cwd: AUTHORED_SITE, stdio: 'pipe', env: {...process.env, ...siteBuildEnv(EMULATOR_HOST)}});

    const settingsFile = path.join(AUTHORED_SITE, VERSION_SETTINGS_FILE);
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as VersionSettings;
    writeFileSync(settingsFile, `${JSON.stringify({...settings, current: {path: CURRENT_DOCS_PATH}})}\n`);
    run(['--import', 'tsx', path.join(AUTHORED_SITE, 'scripts/release-version.ts'), '3.0', AUTHORED_SITE]);
    writeDoc(path.join(AUTHORED_SITE, 'docs/release-notes.md'), {
      title: 'Release notes',
      description: 'What changed in the 3.0 edition of the tutorials.',
      position: 10,
      body: `## What is new\n\nThe 3.0 edition introduces the ${RELEASE_WORD} checklist for reviewing a tutorial before it ships.`,
    });
    addSections(AUTHORED_SITE);
  },
};
