import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {writeCategory, writeDoc} from '../../../testkit/docs';
import {buildSiteCopy, copyFixtureSite} from '../../support/siteCopies';
import {siteBuildEnv} from '../../../testkit/siteBuild';
import {EMULATOR_HOST} from '../../support/environment';
import {siteVersions} from '../../../contracts/siteVersions';
import {test as setup} from '../fixtures';
import {AUTHORED_SITE, RELEASE_WORD, SECTION_WORDS, SECTIONS, VERSIONS_WITH_SECTIONS} from './authoredSite';

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

setup('copy the repository, cut release 3.0, add sections, and build it', async () => {
  setup.setTimeout(300_000);
  copyFixtureSite(AUTHORED_SITE);
  const run = (args: string[]) =>
    execFileSync(process.execPath, args, {cwd: AUTHORED_SITE, stdio: 'pipe', env: {...process.env, ...siteBuildEnv(EMULATOR_HOST)}});

  run(['--import', 'tsx', path.join(AUTHORED_SITE, 'scripts/release-version.ts'), '3.0', AUTHORED_SITE]);
  writeDoc(path.join(AUTHORED_SITE, 'docs/release-notes.md'), {
    title: 'Release notes',
    description: 'What changed in the 3.0 edition of the tutorials.',
    position: 10,
    body: `## What is new\n\nThe 3.0 edition introduces the ${RELEASE_WORD} checklist for reviewing a tutorial before it ships.`,
  });
  addSections(AUTHORED_SITE);

  buildSiteCopy(AUTHORED_SITE);
});
