/**
 * What Docusaurus's own commands and the product's build do to a team's site folder, run on a copy of
 * the repository that is a git checkout of its own: nothing outside their output and generated folders
 * (the site's audiences.json once was overwritten by a plain `npx docusaurus build`). Then the same site
 * with a remark plugin that writes a staff page's title into every page: the build refuses it, naming
 * the file, the view and the page, and leaves nothing a gate would serve. (`npm run build` is checked
 * by npm test's own build of the repository: tests/support/checkedBuild.ts.)
 */
import {execFile} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {AUDIENCE_MAP, BUILD_ROOT} from '../../contracts/buildLayout';
import {removeTemporaryDir, temporarySiteCopy} from '../../testkit/siteCopy';
import {siteBuildEnv} from '../../testkit/siteBuild';
import {EMULATOR_HOST} from '../support/environment';

let site: string;

/**
 * How long a command may take before it is taken for hung and killed. A cold build of the site takes 25-45 s
 * here with the rest of the suite beside it, and a machine three times slower takes three times that: Vitest's
 * deadline (a hang detector, 60 s) would fail a build that was only slow, so these tests have none of their
 * own and a command that hangs fails at this one instead, saying so.
 */
const COMMAND_DEADLINE_MS = 10 * 60_000;

/**
 * A command in the site, waited for without blocking the test's worker: a worker held in a minute-long
 * build misses Vitest's deadline for its own messages on a busy machine ("Timeout calling onTaskUpdate").
 */
async function run(command: string, args: string[]): Promise<{status: number; output: string}> {
  const env = {...process.env, ...siteBuildEnv(EMULATOR_HOST)};
  try {
    const {stdout, stderr} = await promisify(execFile)(command, args, {
      cwd: site,
      encoding: 'utf8',
      env,
      maxBuffer: 256 * 1024 * 1024,
      timeout: COMMAND_DEADLINE_MS,
    });
    return {status: 0, output: `${stdout}\n${stderr}`};
  } catch (error) {
    const failed = error as {code?: unknown; killed?: boolean; stdout?: string; stderr?: string};
    const hung = failed.killed ? `\n${command} ${args.join(' ')} was killed after ${COMMAND_DEADLINE_MS / 60_000} min` : '';
    return {status: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout ?? ''}\n${failed.stderr ?? ''}${hung}`};
  }
}

const git = async (...args: string[]) => (await run('git', args)).output.trim();

/** What git sees changed in the site since its commit (`XY path` each): every file a command wrote outside what .gitignore leaves out. */
const changed = async () =>
  (await run('git', ['status', '--porcelain', '-z', '--untracked-files=all'])).output.split('\0').filter((entry) => entry.trim() !== '');

beforeAll(async () => {
  site = temporarySiteCopy('author-files');
  await git('init', '-q');
  await git('add', '-A');
  await git('-c', 'user.email=test@tutorial-hub.test', '-c', 'user.name=Test', 'commit', '-qm', 'the author’s site');
  expect(await changed()).toEqual([]);
});
afterAll(() => removeTemporaryDir(site));

describe("Docusaurus's own commands on a site with audiences", {timeout: 0}, () => {
  it('`npx docusaurus build` writes its output folder and the generated ones, nothing of the author’s', async () => {
    const {status, output} = await run('npx', ['docusaurus', 'build']);
    expect(status, output).toBe(0);
    expect(existsSync(path.join(site, BUILD_ROOT, AUDIENCE_MAP))).toBe(true);
    expect(await changed()).toEqual([]);
  });

  it('`npx docusaurus build --out-dir` a folder elsewhere: the map is inside it, and the site is as the author left it', async () => {
    const elsewhere = path.join(mkdtempSync(path.join(tmpdir(), 'tutorial-hub-out-dir-')), 'public-site');
    try {
      const {status, output} = await run('npx', ['docusaurus', 'build', '--out-dir', elsewhere]);
      expect(status, output).toBe(0);
      expect(existsSync(path.join(elsewhere, AUDIENCE_MAP))).toBe(true);
      expect(await changed()).toEqual([]);
      expect(readFileSync(path.join(site, 'audiences.json'), 'utf8')).toContain('"partners"');
    } finally {
      rmSync(path.dirname(elsewhere), {recursive: true, force: true});
    }
  });

  it('`npx docusaurus clear` and `docs:version` change only what they are for', async () => {
    expect((await run('npx', ['docusaurus', 'clear'])).status).toBe(0);
    expect(await changed()).toEqual([]);
    expect((await run('npx', ['docusaurus', 'docs:version', '9.9'])).status).toBe(0);
    const written = (await changed()).map((entry) => entry.slice(3).split('/')[0]);
    expect([...new Set(written)].sort()).toEqual(['versioned_docs', 'versioned_sidebars', 'versions.json']);
  });
});

describe(
  'what cannot be cut for each reader: a remark plugin that writes a page’s title into pages, a component that asks for another’s page',
  {timeout: 0},
  () => {
    it('is refused by the build, with the file, the view and the page, and nothing is left for a gate to serve', async () => {
      await git('checkout', '-q', '--', '.');
      await git('clean', '-qfd', '-e', 'node_modules');
      writeFileSync(
        path.join(site, 'remark-see-also.mjs'),
        // Every page gets a line naming the staff's 1.0 release checklist.
        'export default function seeAlso() { return (tree) => { tree.children.push({type: "paragraph", children: [{type: "text", value: "Release checklist for editors"}]}); }; }\n',
      );
      const config = path.join(site, 'site.config.ts');
      writeFileSync(
        config,
        `import seeAlso from './remark-see-also.mjs';\n${readFileSync(config, 'utf8').replace('remarkPlugins: []', 'remarkPlugins: [seeAlso]')}`,
      );
      // A page for every reader whose component shows the title of the partners' page, by its id.
      mkdirSync(path.join(site, 'src/components'), {recursive: true});
      writeFileSync(
        path.join(site, 'src/components/DocTitle.tsx'),
        "import {useDocById} from '@docusaurus/plugin-content-docs/client';\nexport default function DocTitle({id}: {id: string}) { return <strong>{useDocById(id)?.title}</strong>; }\n",
      );
      writeFileSync(
        path.join(site, 'docs/see-also.mdx'),
        '---\ntitle: See also\n---\n\nimport DocTitle from \'@site/src/components/DocTitle\';\n\nRead <DocTitle id="partner-integrations/embed-a-tutorial" />.\n',
      );
      const {status, output} = await run('npx', ['docusaurus', 'build']);
      expect(status).not.toBe(0);
      expect(output).toMatch(
        /see-also\.html: a component of the page cannot be rendered for a reader in no audience, who may not open a page it names \(.*partner-integrations\/embed-a-tutorial/,
      );
      expect(output).toMatch(
        /intro\.html:\d+:\d+: a reader in no audience would get the title "Release checklist for editors" of \/1\.0\/tutorial-extras\/release-checklist, in the page's content/,
      );
      expect(output).toContain('CONTRIBUTING.md, "Components that list pages"');
      expect(existsSync(path.join(site, BUILD_ROOT, AUDIENCE_MAP))).toBe(false);
    });
  },
);
