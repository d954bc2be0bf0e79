/**
 * What the benchmarks of one run share: copies of the site, and the builds made in them, cold, with
 * `npm run build` (behind the gate) or a plain `docusaurus build`. A build is made once, by the first
 * benchmark that needs it, and every copy is deleted at the end.
 */
import {rmSync} from 'node:fs';
import path from 'node:path';
import {writeCorpus, type CorpusSummary} from '../corpus';
import {runTimed, type Timed} from './processes';
import {EMULATOR_HOST} from './servers';
import {siteBuildCommand, type BuiltGateMode} from '../../testkit/siteBuild';
import {removeTemporaryDir, temporarySiteCopy} from '../../testkit/siteCopy';

/**
 * A build of `siteDir` into `outDir` (testkit/siteBuild.ts), cold: what `docusaurus clear` removes, removed
 * first, as a fresh clone has it. `product`: `npm run build`, as the gate serves it; `plain`: Docusaurus's own
 * (of the same site unless `gate` is off).
 */
export function coldBuild(kind: 'product' | 'plain', siteDir: string, outDir: string, gate: BuiltGateMode = 'server'): Promise<Timed> {
  for (const dir of ['.docusaurus', '.docusaurus-login', 'node_modules/.cache', outDir])
    rmSync(path.resolve(siteDir, dir), {recursive: true, force: true});
  const {command, args, env} = siteBuildCommand(kind, outDir, EMULATOR_HOST, gate);
  return runTimed(command, args, {cwd: siteDir, env});
}

/** Which corpus: without audiences (a site without any), or the same docs given audiences (bench/corpus.ts). */
export type CorpusKind = {audiences?: boolean};

export class Workspace {
  /** Docs per version in the corpus (BENCH_CORPUS_DOCS). */
  readonly corpusDocs = Number(process.env.BENCH_CORPUS_DOCS || 1000);
  /** Audiences of the corpus with audiences (BENCH_CORPUS_AUDIENCES); 0: the benchmarks leave it out. */
  readonly corpusAudiences = Number(process.env.BENCH_CORPUS_AUDIENCES ?? 3);
  private readonly copies: string[] = [];
  private readonly memo = new Map<string, Promise<unknown>>();
  private site: string | undefined;

  constructor() {
    if (!Number.isInteger(this.corpusDocs) || this.corpusDocs < 1) throw new Error('BENCH_CORPUS_DOCS must be a positive integer');
    if (!Number.isInteger(this.corpusAudiences) || this.corpusAudiences < 0)
      throw new Error('BENCH_CORPUS_AUDIENCES must be 0 or a positive integer');
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
    return (this.site ??= this.newCopy('site'));
  }

  /** A copy of the site with the corpus's generated docs in each version, with or without audiences. */
  corpusCopy({audiences = false}: CorpusKind = {}): Promise<{siteDir: string; summary: CorpusSummary}> {
    if (audiences && this.corpusAudiences === 0) throw new Error('BENCH_CORPUS_AUDIENCES=0: no corpus with audiences');
    return this.once(`corpus-copy${audiences ? '-audiences' : ''}`, async () => {
      const siteDir = this.newCopy(audiences ? 'corpus-audiences' : 'corpus');
      return {siteDir, summary: writeCorpus(siteDir, this.corpusDocs, {audiences: audiences ? this.corpusAudiences : 0})};
    });
  }

  /** Our site, built cold: with `npm run build`, or (`off`) a plain `docusaurus build` without the gate. */
  siteBuild(gate: BuiltGateMode): Promise<string> {
    return this.once(`site-${gate}`, async () => {
      const buildDir = path.join(this.siteCopy(), `build-${gate}`);
      await coldBuild(gate === 'off' ? 'plain' : 'product', this.siteCopy(), buildDir, gate);
      return buildDir;
    });
  }

  /** The corpus as `npm run build` leaves it, built cold, and what that build took. */
  corpusBuild(kind: CorpusKind = {}): Promise<{buildDir: string; summary: CorpusSummary; timed: Timed}> {
    return this.once(`corpus-build${kind.audiences ? '-audiences' : ''}`, async () => {
      const {siteDir, summary} = await this.corpusCopy(kind);
      const buildDir = path.join(siteDir, 'build-server');
      return {buildDir, summary, timed: await coldBuild('product', siteDir, buildDir)};
    });
  }

  dispose(): void {
    for (const copy of this.copies.splice(0)) removeTemporaryDir(copy);
  }
}
