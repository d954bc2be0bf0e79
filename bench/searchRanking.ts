/**
 * Search ranking on public doc sets (issue 58, testkit/searchSets.ts): each set built into a copy of the
 * site with `docusaurus build` (the product's indexer, no gate in front: ranking does not depend on it),
 * every reader query answered by our engine over the built index as the box asks it (the last word as
 * being typed, no section), and by Pagefind over the same built pages (bench/lib/pagefind.ts), called as
 * its own box calls it. Per set, for both: mean reciprocal rank, first answer right, recall@8, repeated
 * pages. The held-out sets are reported apart.
 *
 * A set's build is kept in the system's temporary folder under a hash of what it depends on (the set, the
 * indexer, the config, the lockfile), so that a ranking change is measured in seconds; Pagefind's answers
 * are kept beside it.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {MANIFEST_FILE} from '../contracts/searchIndexFiles';
import type {SearchAnswer} from '../src/search/engine/versionIndex';
import {builtSearchEngine, readBuiltSearchIndexes} from '../testkit/builtSearchIndex';
import {rankFigures} from '../testkit/realDocs';
import {addSearchSet, searchSets, type SearchSet, type SetQuery} from '../testkit/searchSets';
import {copySite, REPO} from '../testkit/siteCopy';
import {pagefindRoute, pagefindSite, pagefindVersion, PAGEFIND_PAGE} from './lib/pagefind';
import {withResources} from './lib/processes';
import {goal, type Result, type Row} from './lib/report';
import {launchBrowser} from './lib/servers';
import {startStaticServer} from './lib/staticServer';
import {round} from './lib/stats';
import {coldBuild} from './lib/workspace';

/** As many suggestions as the navbar box shows. */
const SHOWN = 8;
/** Outside the checkout: a site copy is made of it. */
const CACHE = path.join(tmpdir(), 'tutorial-hub-search-sets');
/** What a set's built index depends on besides the set: the indexer and what builds the pages. */
const BUILD_INPUTS = [
  'plugins',
  'contracts',
  'src/search/engine/indexWriter.ts',
  'src/search/engine/lunrRules.ts',
  'src/search/engine/queryTerms.ts',
  'src/search/engine/weights.ts',
  'docusaurus.config.ts',
  'site.config.ts',
  'package-lock.json',
];
/** The goals every set is held to, held-out ones included. */
const MIN_MRR = 0.95;

type Engine = 'ours' | 'pagefind';

interface Outcome extends SetQuery {
  set: string;
  engine: Engine;
  /** 1-based rank of the expected page; 0: not among the first eight. */
  rank: number;
  /** The pages suggested, in order. */
  shown: string[];
}

function filesUnder(entry: string): string[] {
  const full = path.join(REPO, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, {recursive: true, encoding: 'utf8'})
    .map((file) => path.join(entry, file))
    .filter((file) => statSync(path.join(REPO, file)).isFile())
    .sort();
}

/** A hash of the set's files and of the build's inputs. */
function buildKey(set: SearchSet): string {
  const hash = createHash('sha256');
  const setFiles = readdirSync(set.dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => statSync(path.join(set.dir, file)).isFile())
    .sort();
  for (const file of setFiles) hash.update(`${file}\0`).update(readFileSync(path.join(set.dir, file)));
  for (const file of BUILD_INPUTS.flatMap(filesUnder)) hash.update(`${file}\0`).update(readFileSync(path.join(REPO, file)));
  return hash.digest('hex').slice(0, 12);
}

/** The set built in a copy of the site (made once per key, older keys of the set removed): its build folder. */
async function builtSet(set: SearchSet): Promise<{buildDir: string; cached: boolean; key: string}> {
  const key = buildKey(set);
  const siteDir = path.join(CACHE, `${set.name}-${key}`);
  const buildDir = path.join(siteDir, 'out');
  if (existsSync(path.join(buildDir, MANIFEST_FILE))) return {buildDir, cached: true, key};
  mkdirSync(CACHE, {recursive: true});
  for (const old of readdirSync(CACHE).filter((entry) => entry.startsWith(`${set.name}-`)))
    rmSync(path.join(CACHE, old), {recursive: true, force: true});
  copySite(siteDir);
  addSearchSet(siteDir, set);
  await coldBuild('plain', siteDir, buildDir);
  return {buildDir, cached: false, key};
}

/** The folder of a query's version's indexes below the build: the site's root for the current version. */
const folderOf = (query: SetQuery) => query.version ?? '';

/** Queries whose expected page the built version does not hold: a mistake in the set, named. */
function unknownExpected(buildDir: string, queries: readonly SetQuery[]): string[] {
  const pages = new Map<string, Set<string>>();
  const pagesOf = (folder: string) => {
    if (!pages.has(folder))
      pages.set(
        folder,
        new Set(readBuiltSearchIndexes(buildDir, folder).flatMap((index) => index.pageUrls.map((url) => decodeURI(url ?? '')))),
      );
    return pages.get(folder)!;
  };
  return queries.filter((query) => !pagesOf(folderOf(query)).has(query.expected)).map((query) => `"${query.query}" → ${query.expected}`);
}

const pageOf = (url: string) => decodeURI(url.split('#')[0]!).replace(/\/$/, '') || '/';

function outcomeOf(set: string, engine: Engine, query: SetQuery, shown: string[]): Outcome {
  return {...query, set, engine, rank: shown.indexOf(query.expected) + 1, shown};
}

async function ourOutcomes(set: SearchSet, buildDir: string): Promise<Outcome[]> {
  const engines = new Map<string, ReturnType<typeof builtSearchEngine>['index']>();
  const outcomes = [];
  for (const query of set.queries) {
    const folder = folderOf(query);
    if (!engines.has(folder)) engines.set(folder, builtSearchEngine(buildDir, `/${folder ? `${folder}/` : ''}${MANIFEST_FILE}`).index);
    const answer: SearchAnswer = await engines.get(folder)!.search({query: query.query, limit: SHOWN});
    outcomes.push(
      outcomeOf(
        set.name,
        'ours',
        query,
        answer.suggestions.map((suggestion) => pageOf(suggestion.url)),
      ),
    );
  }
  return outcomes;
}

/** Pagefind's first eight pages for each query, over the same built pages of its version; kept beside the build. */
async function pagefindOutcomes(set: SearchSet, buildDir: string): Promise<Outcome[]> {
  const version = pagefindVersion();
  const queriesKey = createHash('sha256').update(JSON.stringify(set.queries)).digest('hex').slice(0, 12);
  const kept = path.join(path.dirname(buildDir), `pagefind-${version}-${queriesKey}.json`);
  if (existsSync(kept)) return JSON.parse(readFileSync(kept, 'utf8')) as Outcome[];
  const outcomes: Outcome[] = [];
  for (const folder of new Set(set.queries.map(folderOf))) {
    const dir = path.join(path.dirname(buildDir), `pagefind-site${folder ? `-${folder}` : ''}`);
    rmSync(dir, {recursive: true, force: true});
    await pagefindSite(buildDir, dir, folder);
    const queries = set.queries.filter((query) => folderOf(query) === folder);
    const answers = await withResources(async (add) => {
      const server = add(await startStaticServer(dir));
      const browser = add(await launchBrowser());
      const page = await browser.newPage();
      await page.goto(`${server.origin}${PAGEFIND_PAGE}`);
      return page.evaluate(
        async ({texts, shown}) => {
          const pagefind = (await import('/pagefind/pagefind.js' as string)) as {
            init: () => Promise<void>;
            search: (query: string) => Promise<{results: {data: () => Promise<{url: string}>}[]}>;
          };
          await pagefind.init();
          const urls = [];
          for (const text of texts) {
            const {results} = await pagefind.search(text);
            urls.push(await Promise.all(results.slice(0, shown).map(async (result) => (await result.data()).url)));
          }
          return urls;
        },
        {texts: queries.map((query) => query.query), shown: SHOWN},
      );
    });
    queries.forEach((query, at) => outcomes.push(outcomeOf(set.name, 'pagefind', query, answers[at]!.map(pagefindRoute))));
  }
  writeFileSync(kept, JSON.stringify(outcomes));
  return outcomes;
}

/** A row of figures over some outcomes. */
function figures(outcomes: readonly Outcome[]) {
  const {recall, meanReciprocalRank} = rankFigures(outcomes.map((outcome) => outcome.rank));
  return {
    MRR: round(meanReciprocalRank, 3),
    'First right': round(outcomes.filter((outcome) => outcome.rank === 1).length / outcomes.length, 3),
    'recall@8': round(recall, 3),
    Repeated: outcomes.filter((outcome) => new Set(outcome.shown).size !== outcome.shown.length).length,
  };
}

interface SetFigures {
  set: SearchSet;
  ours: ReturnType<typeof figures>;
  pagefind: ReturnType<typeof figures>;
}

function tableRows(results: readonly SetFigures[]): Row[] {
  return results.flatMap(({set, ours, pagefind}) => [
    {Set: set.name, Queries: set.queries.length, Engine: 'Tutorial Hub', ...ours},
    {Set: set.name, Queries: set.queries.length, Engine: `Pagefind ${pagefindVersion()}`, ...pagefind},
  ]);
}

function setGoals({set, ours, pagefind}: SetFigures): ReturnType<typeof goal>[] {
  const name = `${set.name}${set.heldOut ? ' (held out)' : ''}`;
  return [
    goal(`${name}: MRR ≥ Pagefind's and ≥ ${MIN_MRR}`, `${ours.MRR} vs ${pagefind.MRR}`, ours.MRR >= pagefind.MRR && ours.MRR >= MIN_MRR),
    goal(
      `${name}: first answer right ≥ Pagefind's`,
      `${ours['First right']} vs ${pagefind['First right']}`,
      ours['First right'] >= pagefind['First right'],
    ),
    goal(
      `${name}: recall@8 = 1.00, no repeated page`,
      `${ours['recall@8']}, ${ours.Repeated} repeated`,
      ours['recall@8'] === 1 && ours.Repeated === 0,
    ),
  ];
}

/** `BENCH_SEARCH_SETS=vitest,jest`: some of the sets only. */
function chosenSets(): SearchSet[] {
  const names = process.env.BENCH_SEARCH_SETS?.split(',').map((name) => name.trim());
  const sets = searchSets();
  const unknown = names?.filter((name) => !sets.some((set) => set.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`BENCH_SEARCH_SETS: unknown ${unknown.join(', ')}; known: ${sets.map((set) => set.name).join(', ')}`);
  return names ? sets.filter((set) => names.includes(set.name)) : sets;
}

export async function run(): Promise<Result> {
  const results: SetFigures[] = [];
  const outcomes: Outcome[] = [];
  const builds: Record<string, {key: string; cached: boolean}> = {};
  for (const set of chosenSets()) {
    const {buildDir, cached, key} = await builtSet(set);
    builds[set.name] = {key, cached};
    const unknown = unknownExpected(buildDir, set.queries);
    if (unknown.length > 0) throw new Error(`The ${set.name} set expects pages its build does not hold:\n  ${unknown.join('\n  ')}`);
    const [ours, pagefind] = [await ourOutcomes(set, buildDir), await pagefindOutcomes(set, buildDir)];
    outcomes.push(...ours, ...pagefind);
    results.push({set, ours: figures(ours), pagefind: figures(pagefind)});
    console.log(`${set.name}: ours ${JSON.stringify(results.at(-1)!.ours)}, Pagefind ${JSON.stringify(results.at(-1)!.pagefind)}`);
  }
  const tuned = results.filter((result) => !result.set.heldOut);
  const heldOut = results.filter((result) => result.set.heldOut);
  const tunedNames = new Set(tuned.map((result) => result.set.name));
  const missed = outcomes.filter((outcome) => outcome.engine === 'ours' && outcome.rank !== 1 && tunedNames.has(outcome.set));
  return {
    tables: [
      {title: `Reader queries per set, the expected page among the first ${SHOWN} suggestions`, rows: tableRows(tuned)},
      {title: 'Held-out sets (never looked at query by query while tuning)', rows: tableRows(heldOut)},
      {
        title: 'Queries whose page ours does not show first (sets not held out)',
        rows: missed.map((outcome) => ({
          Set: outcome.set,
          Query: outcome.query,
          Kind: outcome.kind ?? '',
          Expected: outcome.expected,
          Ours: outcome.rank || 'not shown',
          Pagefind:
            outcomes.find((other) => other.engine === 'pagefind' && other.set === outcome.set && other.query === outcome.query)?.rank ||
            'not shown',
          'Ours first': outcome.shown[0] ?? '—',
        })),
      },
    ],
    notes: [
      `Ours: the built index read by the search worker's engine, each query as typed into the box (its last word a beginning), from no section. Pagefind ${pagefindVersion()}: its index of the same built pages of the query's version, \`pagefind.search\` with its default ranking.`,
    ],
    goals: results.flatMap(setGoals),
    raw: {builds, results: results.map(({set, ours, pagefind}) => ({set: set.name, heldOut: set.heldOut, ours, pagefind})), outcomes},
  };
}
