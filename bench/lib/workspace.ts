/**
 * What the benchmarks of one run share: copies of the site, and the builds made in them, cold, with
 * `npm run build` (behind the gate) or a plain `docusaurus build`. A build is made once, by the first
 * benchmark that needs it (the build benchmark hands over the corpus build it timed), and every copy is
 * deleted at the end.
 */
import {rmSync} from 'node:fs';
import path from 'node:path';
import {writeCorpus, type CorpusSummary} from '../corpus';
import {runTimed, type Timed} from './processes';
import {DOCUSAURUS, firebaseEnv} from './servers';
import {removeTemporaryDir, temporarySiteCopy} from '../../testkit/siteCopy';

/** `server`: the product (behind the gate server); `off`: a plain Docusaurus site, the anchor. */
type GateMode = 'server' | 'off';

/** No update notice, no interactive prompts; the site's browser code talks to the bench's emulator. */
const buildEnv = (gate: GateMode) => ({...firebaseEnv(), TUTORIAL_HUB_GATE: gate, CI: 'true'});

/** Generated files and bundler caches removed first (what `docusaurus clear` removes): the time a fresh clone takes. */
function clear(siteDir: string, dirs: readonly string[]): void {
  for (const dir of dirs) rmSync(path.resolve(siteDir, dir), {recursive: true, force: true});
}

/** A plain `docusaurus build` into `outDir`, cold. */
export function coldBuild(siteDir: string, outDir: string, gate: GateMode = 'server'): Promise<Timed> {
  clear(siteDir, ['.docusaurus', 'node_modules/.cache', 'build', outDir]);
  return runTimed(process.execPath, [DOCUSAURUS, 'build', '--out-dir', outDir], {cwd: siteDir, env: buildEnv(gate)});
}

/** `npm run build` as a fresh clone runs it (site, login build, precompressed copies, server), cold, into `outDir` as the gate serves it. */
export function productBuild(siteDir: string, outDir: string): Promise<Timed> {
  clear(siteDir, ['.docusaurus', '.docusaurus-login', 'node_modules/.cache', outDir]);
  return runTimed('npm', ['run', 'build'], {cwd: siteDir, env: {...buildEnv('server'), BUILD_OUT: outDir}});
}

export class Workspace {
  /** Docs per version in the corpus (BENCH_CORPUS_DOCS). */
  readonly corpusDocs = Number(process.env.BENCH_CORPUS_DOCS || 1000);
  private readonly copies: string[] = [];
  private readonly memo = new Map<string, Promise<unknown>>();
  private adoptedCorpus: string | undefined;
  private site: string | undefined;

  constructor() {
    if (!Number.isInteger(this.corpusDocs) || this.corpusDocs < 1) throw new Error('BENCH_CORPUS_DOCS must be a positive integer');
  }

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as Promise<T>;
  }

  newCopy(prefix: string): string {
    this.copies.push(temporarySiteCopy(prefix));
    return this.copies.at(-1)!;
  }

  /** A copy of the site as it is, without the corpus. */
  siteCopy(): string {
    this.site ??= this.newCopy('site');
    return this.site;
  }

  /** A copy of the site with `docsPerVersion` generated docs in each version. */
  corpusCopy(docsPerVersion: number): Promise<{siteDir: string; summary: CorpusSummary}> {
    return this.once(`corpus-copy-${docsPerVersion}`, async () => {
      const siteDir = this.newCopy(`corpus-${docsPerVersion}`);
      return {siteDir, summary: writeCorpus(siteDir, docsPerVersion)};
    });
  }

  /** Hands over the build benchmark's `npm run build` of the corpus, so that it is not made twice. */
  adopt(buildDir: string): void {
    this.adoptedCorpus = buildDir;
  }

  /** Our site, built cold: with `npm run build`, or (`off`) a plain `docusaurus build` without the gate. */
  siteBuild(gate: GateMode): Promise<string> {
    return this.once(`site-${gate}`, async () => {
      const siteDir = this.siteCopy();
      const buildDir = path.join(siteDir, `build-${gate}`);
      await (gate === 'off' ? coldBuild(siteDir, buildDir, gate) : productBuild(siteDir, buildDir));
      return buildDir;
    });
  }

  /** The corpus as `npm run build` leaves it: the build benchmark's, or, when that benchmark did not run, made here. */
  corpusBuild(): Promise<{siteDir: string; buildDir: string; summary: CorpusSummary}> {
    return this.once('corpus-build', async () => {
      const {siteDir, summary} = await this.corpusCopy(this.corpusDocs);
      const buildDir = this.adoptedCorpus ?? path.join(siteDir, 'build-server');
      if (!this.adoptedCorpus) await productBuild(siteDir, buildDir);
      return {siteDir, buildDir, summary};
    });
  }

  dispose(): void {
    for (const copy of this.copies.splice(0)) removeTemporaryDir(copy);
  }
}
