/**
 * What the benchmarks of one run share: copies of the site, the builds made in them, and the time
 * budget. A build is made once, by the first benchmark that needs it (the build benchmark hands
 * over the ones it timed), and every copy is deleted at the end.
 */
import {mkdirSync, renameSync} from 'node:fs';
import path from 'node:path';
import {writeCorpus, type CorpusSummary} from '../corpus';
import {coldBuild, gateBuildLayout, loginBuild, precompress, type GateMode} from './docusaurus';
import {removeTemporaryDir, temporarySiteCopy} from '../../testkit/siteCopy';

export interface CorpusBuild {
  siteDir: string;
  buildDir: string;
  summary: CorpusSummary;
}

export function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer; got "${raw}"`);
  return value;
}

export class Workspace {
  /** Docs per version in the corpus (BENCH_CORPUS_DOCS). */
  readonly corpusDocs = positiveInteger('BENCH_CORPUS_DOCS', 1000);
  /** Time the benchmarks still to run are expected to need; set by bench/run.ts. */
  reservedMs = 0;
  private readonly copies: string[] = [];
  private readonly memo = new Map<string, Promise<unknown>>();
  private readonly adopted = new Map<string, string>();
  private site: string | undefined;

  constructor(private readonly deadline: number) {}

  /** Time left for optional repeat runs: until the run's deadline, less what later benchmarks need. */
  spareMs(): number {
    return this.deadline - Date.now() - this.reservedMs;
  }

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as Promise<T>;
  }

  newCopy(prefix: string): string {
    const copy = temporarySiteCopy(prefix);
    this.copies.push(copy);
    return copy;
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
      return {siteDir, summary: await writeCorpus(siteDir, docsPerVersion)};
    });
  }

  /**
   * Hands over a Faster build made elsewhere, so it is not made twice: the build benchmark's timed
   * build of the site (its output alone), or its `npm run build` of the corpus (the gate's layout).
   */
  adopt(key: 'site-server' | 'corpus-server', buildDir: string): void {
    this.adopted.set(key, buildDir);
  }

  /** Our site, built with Faster; the gated one laid out for the gate and precompressed, as `npm run build` leaves it. */
  siteBuild(gate: GateMode): Promise<string> {
    return this.once(`site-${gate}`, async () => {
      const adopted = this.adopted.get(`site-${gate}`);
      if (gate === 'off') {
        const buildDir = adopted ?? path.join(this.siteCopy(), 'build-off');
        if (!adopted) await coldBuild(this.siteCopy(), buildDir, 'faster', gate);
        return buildDir;
      }
      const buildDir = path.join(this.siteCopy(), 'build-server');
      const {site, login} = gateBuildLayout(buildDir);
      // An adopted build is the site's output alone: it is moved into the gate's layout.
      if (adopted) {
        mkdirSync(buildDir, {recursive: true});
        renameSync(adopted, site);
      } else {
        await coldBuild(this.siteCopy(), site, 'faster', gate);
      }
      await loginBuild(this.siteCopy(), login);
      await precompress(buildDir);
      return buildDir;
    });
  }

  /**
   * The corpus, built for the gate and precompressed, as served in production: the build
   * benchmark's `npm run build` of it, or, when that benchmark did not run, the same steps made here.
   */
  corpusBuild(): Promise<CorpusBuild> {
    return this.once('corpus-build', async () => {
      const {siteDir, summary} = await this.corpusCopy(this.corpusDocs);
      const adopted = this.adopted.get('corpus-server');
      const buildDir = adopted ?? path.join(siteDir, 'build-server');
      if (!adopted) {
        const {site, login} = gateBuildLayout(buildDir);
        await coldBuild(siteDir, site, 'faster');
        await loginBuild(siteDir, login);
        await precompress(buildDir);
      }
      return {siteDir, buildDir, summary};
    });
  }

  dispose(): void {
    for (const copy of this.copies) removeTemporaryDir(copy);
    this.copies.length = 0;
  }
}
