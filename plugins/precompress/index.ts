/**
 * Writes `.br` and `.gz` siblings of the build's text files, so the gate server sends compressed
 * bytes without compressing on every request. How hard each file is compressed, and whether a copy
 * is kept, is decided in contracts/compression.ts.
 *
 * Each build compresses its own files once, in its postBuild, as soon as they are final
 * (plugins/servedBuild.ts): everything but the search indexes in a process of its own (child.ts) while
 * the indexer writes them, then the indexes. A copy newer than its file is up to date and is not made
 * again, so `npm run build:compress` (scripts/precompress.ts) over a finished build has nothing to do.
 *
 * Parallel on every core: zlib's asynchronous calls run on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), so keeping one job per pool thread in flight keeps every core
 * busy without worker threads of our own: with only one per core, a core idled while its job read
 * or wrote its file (bench/HISTORY.md, "Figures behind the code's choices"). The longest jobs start first, so
 * that no multi-second job starts last while the other cores idle. A file is read once for both copies.
 */
import {readdir, readFile, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';
import {AUDIENCE_MAP, BUILD_DATA_DIR, PRECOMPRESSED_SUFFIX, type AudienceMap, type PrecompressedCoding} from '../../contracts/buildLayout';
import {isSearchIndex} from '../../contracts/searchIndexFiles';
import {MarkerSyntax} from '../../contracts/audienceMarkers';
import {compressionPlan, estimatedSeconds, isCompressible, isUpToDate, worthKeeping} from '../../contracts/compression';
import {forEachAtMost} from '../../contracts/concurrency';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Copy {
  coding: PrecompressedCoding;
  level: number;
}

interface Job {
  file: string;
  bytes: number;
  /** The copies not yet up to date. */
  copies: Copy[];
  seconds: number;
}

function compress(content: Buffer, {coding, level}: Copy): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(content, {level});
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

/** Compresses one file each way still to do; writes a copy only when it is worth keeping (and removes an older one otherwise). */
async function run(job: Job): Promise<{written: number; savedBytes: number}> {
  const content = await readFile(job.file);
  let written = 0;
  let savedBytes = 0;
  for (const copy of job.copies) {
    const compressed = await compress(content, copy);
    const target = job.file + PRECOMPRESSED_SUFFIX[copy.coding];
    if (!worthKeeping(job.bytes, compressed.length)) {
      await rm(target, {force: true});
      continue;
    }
    await writeFile(target, compressed);
    written++;
    savedBytes += job.bytes - compressed.length;
  }
  return {written, savedBytes};
}

/** Modification time in ms, or null when the file does not exist. */
async function modifiedMs(file: string): Promise<number | null> {
  return stat(file).then(
    (stats) => stats.mtimeMs,
    () => null,
  );
}

/** Which of a build's files a run compresses, by whether they are search indexes. */
export type SearchIndexesChoice = 'include' | 'skip' | 'only';

function chosen(entry: string, searchIndexes: SearchIndexesChoice): boolean {
  return searchIndexes === 'include' || isSearchIndex(entry) === (searchIndexes === 'only');
}

const isBuildData = (entry: string) => entry.split(path.sep).includes(BUILD_DATA_DIR);

/**
 * The marker syntax of each site folder under `root` whose build finished (its audience map says the
 * key), by folder; `markers` adds that of the folder being built, whose map is not written yet.
 */
async function markersOf(root: string, entries: readonly string[], markers?: MarkerSyntax): Promise<Map<string, MarkerSyntax>> {
  const byFolder = new Map<string, MarkerSyntax>(markers ? [['', markers]] : []);
  for (const entry of entries.filter((candidate) => candidate.split(path.sep).join('/').endsWith(AUDIENCE_MAP))) {
    const map = JSON.parse(await readFile(path.join(root, entry), 'utf8')) as AudienceMap;
    byFolder.set(path.dirname(path.dirname(entry)).replace(/^\.$/, ''), new MarkerSyntax(map.markerKey));
  }
  return byFolder;
}

async function plan(
  root: string,
  searchIndexes: SearchIndexesChoice,
  markers?: MarkerSyntax,
): Promise<{files: number; upToDate: number; jobs: Job[]}> {
  const all = await readdir(root, {recursive: true});
  const syntaxes = await markersOf(root, all, markers);
  const markersFor = (entry: string) => [...syntaxes].find(([folder]) => folder === '' || entry.startsWith(`${folder}${path.sep}`))?.[1];
  const entries = all.filter((entry) => isCompressible(entry) && chosen(entry, searchIndexes) && !isBuildData(entry));
  const jobs: Job[] = [];
  let upToDate = 0;
  for (const entry of entries) {
    const file = path.join(root, entry);
    // A file with audience markers is cut per reader by the gate: a copy of the whole would hold every reader's part.
    if (markersFor(entry)?.mayHold(await readFile(file, 'utf8'))) {
      await Promise.all(Object.values(PRECOMPRESSED_SUFFIX).map((suffix) => rm(file + suffix, {force: true})));
      continue;
    }
    const {size: bytes, mtimeMs} = await stat(file);
    const decided = compressionPlan(entry, bytes);
    if (!decided) continue;
    const copies: Copy[] = [];
    for (const copy of [
      {coding: 'br', level: decided.brotliQuality},
      {coding: 'gzip', level: decided.gzipLevel},
    ] as const) {
      if (isUpToDate(await modifiedMs(file + PRECOMPRESSED_SUFFIX[copy.coding]), mtimeMs)) upToDate++;
      else copies.push(copy);
    }
    if (copies.length === 0) continue;
    const seconds = copies.reduce((sum, copy) => sum + estimatedSeconds(bytes, copy.coding, copy.level), 0);
    jobs.push({file, bytes, copies, seconds});
  }
  return {files: entries.length, upToDate, jobs: jobs.sort((a, b) => b.seconds - a.seconds)};
}

export interface PrecompressOptions {
  /** `skip`: the indexer is still writing them; `only`: it has just written them. */
  searchIndexes?: SearchIndexesChoice;
  /** The markers of the site `root` is, while it is being built (a finished build's map says them). */
  markers?: MarkerSyntax;
}

/** Precompresses the build in `root` and logs one line of what it did. */
export async function precompress(root: string, {searchIndexes = 'include', markers}: PrecompressOptions = {}): Promise<void> {
  const started = performance.now();
  const {files, upToDate, jobs} = await plan(root, searchIndexes, markers);
  const concurrency = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  let written = 0;
  let savedBytes = 0;
  await forEachAtMost(jobs, concurrency, async (job) => {
    const result = await run(job);
    written += result.written;
    savedBytes += result.savedBytes;
  });
  const mib = (savedBytes / 2 ** 20).toFixed(1);
  const which = {include: '', skip: ' (the search indexes left for later)', only: ' of the search indexes'}[searchIndexes];
  console.log(
    `Precompressed ${files} files${which} (${jobs.length} to do, ${written} copies written, ${upToDate} up to date, ${mib} MiB saved) in ${Math.round(performance.now() - started)} ms on ${concurrency} threads (${root}).`,
  );
}
