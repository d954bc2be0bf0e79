/**
 * What the benchmarks of one run share: copies of the site, and the builds made in them.
 * A build is made once, by the first benchmark that needs it (the build benchmark hands
 * over the corpus build it timed), and every copy is deleted at the end.
 */
import path from 'node:path';
import {writeCorpus, type CorpusSummary} from '../corpus';
import {coldBuild, gateBuildLayout, loginBuild, precompress, type GateMode} from './docusaurus';
import {removeTemporaryDir, temporarySiteCopy} from '../../testkit/siteCopy';

interface CorpusBuild {
  siteDir: string;
  buildDir: string;
  summary: CorpusSummary;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer; got "${raw}"`);
  return value;
}

export class Workspace {
  /** Docs per version in the corpus (BENCH_CORPUS_DOCS). */
  readonly corpusDocs = positiveInteger('BENCH_CORPUS_DOCS', 1000);
  private readonly copies: string[] = [];
  private readonly memo = new Map<string, Promise<unknown>>();
  private adoptedCorpus: string | undefined;
  private site: string | undefined;

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

  /** Hands over the build benchmark's `npm run build` of the corpus, so that it is not made twice. */
  adopt(buildDir: string): void {
    this.adoptedCorpus = buildDir;
  }

  /** Our site, built cold; the gated one laid out for the gate and precompressed, as `npm run build` leaves it. */
  siteBuild(gate: GateMode): Promise<string> {
    return this.once(`site-${gate}`, async () => {
      const buildDir = path.join(this.siteCopy(), `build-${gate}`);
      if (gate === 'off') {
        await coldBuild(this.siteCopy(), buildDir, gate);
        return buildDir;
      }
      const {site, login} = gateBuildLayout(buildDir);
      await coldBuild(this.siteCopy(), site, gate);
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
      const buildDir = this.adoptedCorpus ?? path.join(siteDir, 'build-server');
      if (!this.adoptedCorpus) {
        const {site, login} = gateBuildLayout(buildDir);
        await coldBuild(siteDir, site);
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
