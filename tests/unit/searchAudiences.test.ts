/** Search cut by audience: each reader's box finds, loads and weighs only the pages they may read. */
import {describe, expect, it} from 'vitest';
import {PARTS_DIR, type TermPart} from '../../contracts/searchIndexFiles';
import {PUBLIC, READERS, readerView, VISITOR_VIEW, type Condition, type View} from '../../contracts/audiences';
import {servedIndex, type FixturePage} from '../support/searchIndexFixture';
import {partitionPartBytes} from '../../plugins/search/partitions';

const page = (url: string, title: string, text: string): FixturePage => ({url, title, sections: [{heading: title, text}]});
const PAGES: FixturePage[] = [
  page('/guides/install', 'Install the engine', 'Download the engine and run the installer.'),
  page('/team/roadmap', 'Engine roadmap', 'What the engine team builds next: the quantum engine.'),
  page('/guides/upgrade', 'Upgrade the engine', 'Upgrade the engine in place; quantum leaps are not needed.'),
  page('/partners/api', 'Partner engine API', 'Partners call the engine through the API.'),
  page('/welcome', 'Welcome', 'Anyone may read about the engine here.'),
];
const CONDITIONS: Record<string, Condition> = {'/team/roadmap': ['staff'], '/partners/api': ['partners', 'staff'], '/welcome': PUBLIC};
const conditionOf = (url: string) => CONDITIONS[url] ?? READERS;
const served = (view: View) => servedIndex(PAGES, {audiences: {conditionOf, view}, termPartBytes: 120, docPartBytes: 200});
const titlesFor = async (view: View, query: string) =>
  (await served(view).index.search({query, limit: 10})).suggestions.map((suggestion) =>
    suggestion.title.map((piece) => piece.text).join(''),
  );

describe('search cut by audience', () => {
  it.each<[string, View, string[]]>([
    ['a reader in no audience', readerView([]), ['Install the engine', 'Upgrade the engine', 'Welcome']],
    ['a reader of partners', readerView(['partners']), ['Install the engine', 'Upgrade the engine', 'Partner engine API', 'Welcome']],
    [
      'a reader of staff',
      readerView(['staff']),
      ['Install the engine', 'Engine roadmap', 'Upgrade the engine', 'Partner engine API', 'Welcome'],
    ],
    ['a visitor, not signed in', VISITOR_VIEW, ['Welcome']],
  ])('%s finds only the pages they may read', async (_case, view, expected) => {
    expect((await titlesFor(view, 'engine')).sort()).toEqual([...expected].sort());
  });

  it("ranks one reader's partitions as one index: the best page first, wherever it is", async () => {
    expect((await titlesFor(readerView(['staff']), 'quantum engine'))[0]).toBe('Engine roadmap');
    expect(await titlesFor(readerView([]), 'quantum')).toEqual(['Upgrade the engine']);
  });

  it('never loads a part of pages the reader may not read, nor finds a word only they hold', async () => {
    const {index, fetched, partConditions} = served(readerView([]));
    await index.search({query: 'quantum roadmap partners api', limit: 10});
    const loaded = fetched
      .filter((url) => url.startsWith(`/${PARTS_DIR}/`))
      .map((url) => url.slice(`/${PARTS_DIR}/`.length, -'.json'.length));
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.map((name) => partConditions.get(name))).not.toContainEqual(['staff']);
    expect(loaded.map((name) => partConditions.get(name))).not.toContainEqual(['partners', 'staff']);
    expect(await titlesFor(readerView([]), 'roadmap')).toEqual([]);
  });

  it("weighs a reader's pages by their own partition alone: what others may read changes no weight they see", () => {
    const everyone = PAGES.filter((candidate) => conditionOf(candidate.url) === READERS);
    const alone = servedIndex(everyone, {termPartBytes: 120, docPartBytes: 200});
    const cut = served(readerView([]));
    const postingsOf = (parts: Map<string, string>, term: string) =>
      [...parts.values()]
        .map((json) => JSON.parse(json) as TermPart | {docs: unknown})
        .flatMap((part) => ('terms' in part && part.terms.includes(term) ? [part.postings[part.terms.indexOf(term)]] : []));
    // The pages for every reader are the manifest's own partition, numbered first: the same numbers, the same weights.
    expect(postingsOf(new Map([...cut.parts].filter(([name]) => cut.partConditions.get(name) === READERS)), 'engin')).toEqual(
      postingsOf(alone.parts, 'engin'),
    );
  });

  it.each([
    ["the largest partition: the version's size", 1000, 1000, 32768],
    ['a quarter of the largest: half the size', 250, 1000, 16384],
    ['a page against a thousand: a sixteenth, no less', 1, 1000, 2048],
    ['a version without pages', 0, 0, 32768],
  ])("sizes a partition's parts by its share of the largest partition's pages: %s", (_case, pages, largestPages, expected) => {
    expect(partitionPartBytes(32768, pages, largestPages)).toBe(expected);
  });

  it('costs a reader in an audience about its pages more than a reader in none, not a whole part per partition', async () => {
    const words = ['install', 'engine', 'upgrade', 'schedule', 'monitor', 'deploy', 'rollback', 'configure'];
    const generated = (folder: string, count: number, seed: number) =>
      Array.from({length: count}, (_, at) =>
        page(`/${folder}/page-${at}`, `${folder} ${at}`, words.map((word, i) => `${word}${(at * seed + i) % 41} ${word}`).join(' ')),
      );
    const pages = [...generated('guides', 60, 7), ...generated('team', 8, 11)];
    const conditions = (url: string): Condition => (url.startsWith('/team/') ? ['staff'] : READERS);
    const bytesFor = async (view: View) => {
      const {index, fetched, parts} = servedIndex(pages, {
        audiences: {conditionOf: conditions, view},
        termPartBytes: 2400,
        docPartBytes: 2400,
      });
      await index.search({query: 'engine', limit: 8});
      const loaded = fetched.filter((url) => url.startsWith(`/${PARTS_DIR}/`)).map((url) => url.slice(`/${PARTS_DIR}/`.length, -5));
      return loaded.reduce((sum, name) => sum + parts.get(name)!.length, 0);
    };
    const none = await bytesFor(readerView([]));
    const staff = await bytesFor(readerView(['staff']));
    expect(staff).toBeGreaterThan(none);
    // Eight pages of sixty-eight: the staff partition's parts are a fraction of the others'.
    expect(staff - none).toBeLessThan(none / 4);
  });
});
