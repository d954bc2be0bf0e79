/**
 * Ninety days of insights for a built site, as its readers would have left them (issue 61's size: every
 * page of both versions read, 100,000 searches, 10,000 answers), written straight into the tables the
 * gate migrated. Seeded: the same rows on every machine. Popularity follows a power law, as reads and
 * searches do on real sites: a few pages and queries take most of them.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {conditionOfKey, PUBLIC, READERS} from '../../contracts/audiences';
import {AUDIENCE_MAP, SITE_DIR, SITE_PLACES, type AudienceMap} from '../../contracts/buildLayout';
import {placeOf, type SitePlaces} from '../../contracts/insights';
import {canonicalPath} from '../../contracts/paths';
import type {FeedbackTable, InsightsDb, ReadsTable, SearchesTable} from '../../server/services/insightsDatabase';
import {seededRandom} from '../corpus';

export interface InsightsVolume {
  days: number;
  searches: number;
  answers: number;
}

export const ISSUE_61_VOLUME: InsightsVolume = {days: 90, searches: 100_000, answers: 10_000};

/** The readers' sets of audiences the rows are filed under ('' for none), with how often each reads. */
const READER_SETS: readonly (readonly [string, number])[] = [
  ['', 0.5],
  ['staff', 0.25],
  ['partners', 0.1],
  ['partners+staff', 0.1],
  ['customers', 0.05],
];
/** Share of searches that find nothing, and of the others where nothing is opened. */
const NO_RESULTS = 0.08;
const NOTHING_OPENED = 0.3;
const COMMENTED = 0.3;
const CONTACT = 0.15;
const ROWS_PER_INSERT = 5000;

interface SitePage {
  path: string;
  version: string;
  section: string;
  /** Which of READER_SETS may open it. */
  readers: string[];
  words: string[];
}

const mayOpen = (readerSet: string, key: string) => {
  const condition = conditionOfKey(key);
  if (condition === PUBLIC || condition === READERS) return true;
  return readerSet !== '' && readerSet.split('+').some((name) => condition.includes(name));
};

/** Every doc page of the build with its place, who may open it, and the words of its address. */
export function sitePages(buildDir: string): SitePage[] {
  const site = path.join(buildDir, SITE_DIR);
  const map = JSON.parse(readFileSync(path.join(site, AUDIENCE_MAP), 'utf8')) as AudienceMap;
  const places = JSON.parse(readFileSync(path.join(site, SITE_PLACES), 'utf8')) as SitePlaces;
  return Object.entries(map.files).flatMap(([file, key]) => {
    if (!file.endsWith('.html') || file === '404.html') return [];
    const page = canonicalPath(`/${file}`);
    const place = placeOf(page, places);
    if (place === null || page.startsWith('/search') || page === '/') return [];
    const readers = READER_SETS.map(([set]) => set).filter((set) => mayOpen(set, key));
    return [
      {
        path: page,
        ...place,
        readers,
        words: page
          .toLowerCase()
          .split(/[/-]/)
          .filter((word) => /^[a-z]{3,}$/.test(word)),
      },
    ];
  });
}

/** Draws from `items` with weights 1/rank^0.9 (rank: the position in `items`). */
function powerLaw<T>(random: () => number, items: readonly T[]): () => T {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= items.length; rank++) cumulative.push((total += 1 / rank ** 0.9));
  return () => {
    const target = random() * total;
    let [low, high] = [0, cumulative.length - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return items[low]!;
  };
}

/** Fisher–Yates, with the seeded draws. */
function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const dayBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export interface SeededInsights {
  pages: number;
  readRows: number;
  reads: number;
  searchRows: number;
  distinctQueries: number;
  answers: number;
  comments: number;
}

/** Writes `volume` of insights ending `today` into a migrated database. */
export async function seedInsights(db: InsightsDb, buildDir: string, today: string, volume = ISSUE_61_VOLUME): Promise<SeededInsights> {
  const random = seededRandom(61);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const pages = sitePages(buildDir);
  const popularPage = powerLaw(random, shuffled(random, pages));
  const readerSet = () => {
    let left = random();
    for (const [set, share] of READER_SETS) if ((left -= share) <= 0) return set;
    return '';
  };

  // Reads: every page on most days, more for the popular ones.
  const reads: ReadsTable[] = [];
  const popularity = new Map<string, number>();
  for (let i = 0; i < pages.length * 20; i++) {
    const page = popularPage();
    popularity.set(page.path, (popularity.get(page.path) ?? 0) + 1);
  }
  for (const page of pages) {
    const perDay = 1 + (popularity.get(page.path) ?? 0) / 4;
    for (let daysAgo = 0; daysAgo < volume.days; daysAgo++) {
      for (const set of page.readers) {
        const count = Math.round(perDay * random() * (set === '' ? 2 : 0.6));
        if (count > 0)
          reads.push({
            day: dayBefore(today, daysAgo),
            page: page.path,
            version: page.version,
            section: page.section,
            audiences: set,
            reads: count,
          });
      }
    }
  }

  // Searches: words of the pages' addresses, two or three at a time, some with a letter missing.
  const queries = Array.from({length: Math.ceil(volume.searches / 20)}, () => {
    const source = pick(pages).words;
    const words = Array.from({length: 2 + Math.floor(random() * 2)}, () => pick(source.length > 0 ? source : ['setup']));
    const query = words.join(' ');
    return random() < 0.1 ? query.replace(/[aeiou](?=[a-z])/, '') : query;
  });
  const popularQuery = powerLaw(random, [...new Set(queries)]);
  const sectionsOf = new Map<string, string[]>();
  for (const page of pages) sectionsOf.set(page.version, [...new Set([...(sectionsOf.get(page.version) ?? ['']), page.section])]);
  const versions = [...sectionsOf.keys()];
  const searches = new Map<string, SearchesTable>();
  for (let i = 0; i < volume.searches; i++) {
    const version = random() < 0.7 ? versions[0]! : pick(versions);
    const row: SearchesTable = {
      day: dayBefore(today, Math.floor(random() * volume.days)),
      version,
      section: random() < 0.6 ? '' : pick(sectionsOf.get(version)!),
      audiences: readerSet(),
      query: popularQuery(),
      searches: 1,
      no_results: 0,
      nothing_opened: 0,
      opened: 0,
      rank_total: 0,
    };
    if (random() < NO_RESULTS) row.no_results = 1;
    else if (random() < NOTHING_OPENED) row.nothing_opened = 1;
    else [row.opened, row.rank_total] = [1, 1 + Math.floor(-Math.log(1 - random()) * 1.5)];
    const key = `${row.day}\0${row.version}\0${row.section}\0${row.audiences}\0${row.query}`;
    const kept = searches.get(key);
    if (!kept) searches.set(key, row);
    else for (const column of ['searches', 'no_results', 'nothing_opened', 'opened', 'rank_total'] as const) kept[column] += row[column];
  }

  // Answers: one per reader and page, a third of them with a comment.
  const answers = new Map<string, FeedbackTable>();
  while (answers.size < volume.answers) {
    const page = popularPage();
    const reader = `reader-${Math.floor(random() * volume.answers * 2)}`;
    const helpful = random() < 0.7;
    const comment =
      random() < COMMENTED
        ? `${helpful ? 'Clear' : 'Missing'}: ${page.words.join(' ')} <b>as text</b>, step ${Math.floor(random() * 9) + 1}`
        : '';
    answers.set(`${reader}\0${page.path}`, {
      reader,
      page: page.path,
      version: page.version,
      section: page.section,
      audiences: pick(page.readers),
      helpful,
      comment,
      contact: comment !== '' && random() < CONTACT ? `${reader}@example.com` : null,
      day: dayBefore(today, Math.floor(random() * volume.days)),
    });
  }

  const insertAll = async <T extends 'insights_reads' | 'insights_searches' | 'insights_feedback'>(table: T, rows: readonly object[]) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
      await db
        .insertInto(table)
        .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
        .execute();
  };
  await insertAll('insights_reads', reads);
  await insertAll('insights_searches', [...searches.values()]);
  await insertAll('insights_feedback', [...answers.values()]);
  return {
    pages: pages.length,
    readRows: reads.length,
    reads: reads.reduce((total, row) => total + row.reads, 0),
    searchRows: searches.size,
    distinctQueries: new Set([...searches.values()].map((row) => row.query)).size,
    answers: answers.size,
    comments: [...answers.values()].filter((answer) => answer.comment !== '').length,
  };
}
