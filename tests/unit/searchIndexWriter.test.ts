/** Which parts of a version's index a query loads: its own words' terms, and the pages it shows. */
import {describe, expect, it} from 'vitest';
import {joinedNames, lunrIndexOf, splitIndex, withDocTitles} from '../../src/search/engine/indexWriter';
import {DocKind, MANIFEST_FILE, PARTS_DIR, type TermPart} from '../../contracts/searchIndexFiles';
import {lunrRules} from '../../src/search/engine/lunrRules';
import {runOf} from '../../src/search/engine/rank';
import {
  expand,
  joinedNamesOf,
  oneTypoFrom,
  partFor,
  partsForWord,
  queryWords,
  wholeNameTerms,
  COMPLETION_BYTES,
} from '../../src/search/engine/queryTerms';
import {pluginDocs, servedIndex, type FixturePage} from '../support/searchIndexFixture';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
/** Twelve pages, each with its own word and a word all of them share. */
const PAGES: FixturePage[] = WORDS.map((word, n) => ({
  url: `/section-${n % 3}/${word}`,
  title: `The ${word} page`,
  breadcrumbs: [`Section ${n % 3}`],
  sections: [{heading: `About ${word}`, text: `Everything shared about ${word}, written at length for page ${word}.`}],
}));
// Small parts, so that the site is many parts, as a large one is.
const SIZES = {termPartBytes: 200, docPartBytes: 300};

const partsIn = (fetched: string[]) => fetched.filter((url) => url.startsWith(`/${PARTS_DIR}/`));

describe('the split index', () => {
  it('numbers documents page by page, and keeps each page in one document part', () => {
    const {manifest, parts} = servedIndex(PAGES, SIZES);
    expect(manifest.pages.first).toHaveLength(PAGES.length);
    expect(manifest.sections).toEqual(['section-0', 'section-1', 'section-2']);
    expect(manifest.pages.section).toEqual(PAGES.map((_, n) => n % 3));
    expect(manifest.docParts.names.length).toBeGreaterThan(2);
    for (const name of manifest.docParts.names) {
      const {docs} = JSON.parse(parts.get(name)!) as {docs: {k: DocKind}[]};
      // A part starts with a page's title and holds whole pages.
      expect(docs[0]!.k).toBe(DocKind.Title);
    }
  });

  it('holds every term once, in order across parts, with its frequency in each document', () => {
    const {manifest, parts} = servedIndex(PAGES, SIZES);
    const termParts = manifest.termParts.names.map((name) => JSON.parse(parts.get(name)!) as TermPart);
    const terms = termParts.flatMap((part) => part.terms);
    expect([...terms].sort()).toEqual(terms);
    expect(new Set(terms).size).toBe(terms.length);
    expect(termParts.map((part) => part.terms[0])).toEqual(manifest.termParts.first);
    expect(manifest.termParts.bytes).toEqual(manifest.termParts.names.map((name) => parts.get(name)!.length));
    const part = termParts.find((candidate) => candidate.terms.includes('alpha'))!;
    const postings = part.postings[part.terms.indexOf('alpha')]!;
    // "alpha" is in one title, one heading and one text, each with a positive frequency.
    for (const kind of [DocKind.Title, DocKind.Heading, DocKind.Content]) {
      expect(postings[kind]!.length, `kind ${kind}`).toBe(2);
      expect(postings[kind]![1]).toBeGreaterThan(0);
    }
  });

  it('keeps no term and no address in the manifest: it grows with the parts and pages only', () => {
    const {manifest, parts} = servedIndex(PAGES, {...SIZES, termPartBytes: 600});
    const json = JSON.stringify(manifest);
    const terms = manifest.termParts.names.flatMap((name) => (JSON.parse(parts.get(name)!) as TermPart).terms);
    const inManifest = terms.filter((term) => json.includes(`"${term}"`));
    // Only the first term of each part.
    expect(inManifest).toEqual(manifest.termParts.first);
    expect(terms.length).toBeGreaterThan(3 * inManifest.length);
    expect(json).not.toContain('/section-');
  });
});

describe("frequencies: BM25F's half that the build computes", () => {
  const frequencyOf = (pages: FixturePage[], term: string, kind: DocKind) => {
    const {manifest, parts} = servedIndex(pages);
    const termParts = manifest.termParts.names.map((name) => JSON.parse(parts.get(name)!) as TermPart);
    const part = termParts.find((candidate) => candidate.terms.includes(term))!;
    const flat = part.postings[part.terms.indexOf(term)]![kind]!;
    // Per page, the term's frequency in its documents of that kind.
    const byPage = new Map<number, number>();
    for (let at = 0; at < flat.length; at += 2) {
      const page = runOf(flat[at]!, manifest.pages.first);
      byPage.set(page, (byPage.get(page) ?? 0) + flat[at + 1]!);
    }
    return byPage;
  };

  it('counts a word said twice more than once, on pages of the same length', () => {
    const pages = [
      {url: '/a', title: 'A', sections: [{text: 'cache one two three'}]},
      {url: '/b', title: 'B', sections: [{text: 'cache cache two three'}]},
    ];
    const byPage = frequencyOf(pages, 'cach', DocKind.Content);
    expect(byPage.get(1)).toBeGreaterThan(byPage.get(0)!);
  });

  it('counts a word less in a longer field of its kind: a long title, a long page', () => {
    const titles = [
      {url: '/a', title: 'Throttle', sections: [{text: 'x'}]},
      {url: '/b', title: 'Throttle for lodash compatibility users', sections: [{text: 'x'}]},
    ];
    const byTitle = frequencyOf(titles, 'throttl', DocKind.Title);
    expect(byTitle.get(0)).toBeGreaterThan(byTitle.get(1)!);
    const texts = [
      {url: '/a', title: 'A', sections: [{text: 'cache here'}]},
      {url: '/b', title: 'B', sections: [{text: 'cache here'}, {heading: 'More', text: 'many other words about other things entirely'}]},
    ];
    const byText = frequencyOf(texts, 'cach', DocKind.Content);
    expect(byText.get(0)).toBeGreaterThan(byText.get(1)!);
  });

  it('indexes no mark between spaces as a term: nothing asks for "" ("Mocking | Guide", "—", "&")', () => {
    const pages = [
      {url: '/a', title: 'Mocking | Guide', sections: [{text: 'x'}]},
      {url: '/b', title: 'Mocking — the guide & its recipes', sections: [{text: 'x — y'}]},
    ];
    const {manifest, parts} = servedIndex(pages);
    const terms = manifest.termParts.names.flatMap((name) => (JSON.parse(parts.get(name)!) as TermPart).terms);
    expect(terms).toContain('mock');
    expect(terms).not.toContain('');
  });
});

describe('withDocTitles: pages titled as they show their title', () => {
  // Docs written for GitHub often open with an HTML banner, which the plugin takes for their title.
  const banners: FixturePage[] = [
    {url: '/Reference/Lifecycle', title: 'Fastify', sections: [{text: 'How a request flows.'}]},
    {url: '/Reference/Hooks', title: 'Fastify', sections: [{text: 'Listening to events.'}]},
  ];
  const titles = new Map([
    ['/Reference/Lifecycle', 'Lifecycle'],
    ['/Reference/Hooks', 'Hooks'],
  ]);

  it('retitles the pages before they are indexed', () => {
    const [pageTitles, ...rest] = pluginDocs(banners);
    const documents = withDocTitles(pageTitles!, titles);
    expect(documents.map((doc) => doc.t)).toEqual(['Lifecycle', 'Hooks']);
    const index = [documents, ...rest].map((kind) => ({documents: kind, index: lunrIndexOf(kind)}));
    const {parts} = splitIndex(index, {baseUrl: '/', sections: []});
    const terms = [...parts.values()].flatMap((json) => (JSON.parse(json) as Partial<TermPart>).terms ?? []);
    expect(terms).toContain('lifecycl');
    expect(terms).not.toContain('fastifi');
  });

  it('leaves a page whose title already agrees as it is', () => {
    const [pageTitles] = pluginDocs(PAGES);
    const titled = withDocTitles(pageTitles!, new Map([['/section-0/alpha', 'The alpha page']]));
    expect(titled[0]).toBe(pageTitles![0]);
  });
});

describe('joinedNames: the words inside a name written as one', () => {
  it.each([
    ['ContentTypeParser', [{whole: 'contenttypepars', parts: ['content', 'type', 'parser']}]],
    ['The onRequest hook', [{whole: 'onrequest', parts: ['request']}]],
    ['HTTP2 and TLSSocket', [{whole: 'tlssocket', parts: ['tl', 'socket']}]],
    ['max_param_length', [{whole: 'max_param_length', parts: ['max', 'param', 'length']}]],
    [
      'HTTP/2 and Node.js',
      [
        {whole: 'http/2', parts: ['http', '2', 'http2']},
        {whole: 'node.j', parts: ['node', 'js', 'nodej']},
      ],
    ],
    [
      'mockFn.mockResolvedValue(value)',
      [{whole: 'mockfn.mockresolvedvalue(valu', parts: ['mockfn', 'mockresolvedvalu', 'valu', 'mock', 'fn', 'resolv']}],
    ],
    ['Plain words only', []],
    ['HTTP2', []],
  ])('%j → %j', (text, names) => {
    expect(joinedNames(text, lunrRules)).toEqual(names);
  });

  // Running text and code: punctuation joins words, camel case does not (JavaScript is no page about scripts).
  it.each([
    ['Open http://localhost:3000 in JavaScript', [{whole: 'http://localhost:3000', parts: ['http', 'localhost', '3000']}]],
    ['GIT_USER=ana npm run deploy', [{whole: 'git_user=ana', parts: ['git', 'user', 'ana']}]],
    ["the server's sidebar_position", [{whole: 'sidebar_posit', parts: ['sidebar', 'posit']}]],
    ['useState in a sentence', []],
    ['Use _.merge here', [{whole: '_.merg', parts: ['merg']}]],
  ])('in text: %j → %j', (text, names) => {
    expect(joinedNames(text, lunrRules, {heading: false})).toEqual(names);
  });
});

describe('queryWords: a query split as the index splits text', () => {
  const words = (query: string) => queryWords(query, lunrRules).map(({text, term, typing}) => `${text}>${term}${typing ? '…' : ''}`);
  it.each([
    ['deploying the site', ['deploying>deploy', 'site>site…']],
    ['deploying ', ['deploying>deploy']],
    // At the punctuation inside a word, down to its last word, which may still be being typed.
    ['localhost:3000', ['localhost>localhost', '3000>3000…']],
    ['sidebar_position ', ['sidebar>sidebar', 'position>posit']],
    ['mockFn.mockResolvedValue', ['mockfn>mockfn', 'mockresolvedvalue>mockresolvedvalu…']],
    ['node.js guide', ['node>node', 'js>js', 'guide>guid…']],
    // An apostrophe joins nothing; a word's own punctuation is trimmed off.
    ["the reader's (guide)", ["reader's>reader'", 'guide>guid…']],
    ['title:', ['title>titl…']],
    // One word inside punctuation lunr keeps: the word.
    ['_.groupBy', ['groupby>groupbi…']],
    ['__dirname ', ['dirname>dirnam']],
  ])('%j → %j', (query, expected) => {
    expect(words(query)).toEqual(expected);
  });
});

describe('partsForWord: the term parts a word loads', () => {
  const first = ['a', 'c', 'fa', 'fo', 'foxa', 'foxb', 'g'];
  const small = first.map(() => 1000);
  it.each([
    ['a word', {text: 'foxt', term: 'foxt', typing: false}, small, [5]],
    ['a word before every part', {text: '0', term: '0', typing: false}, small, [0]],
    ['a word that starts a part', {text: 'fo', term: 'fo', typing: false}, small, [3]],
    ['a word being typed: and the parts of the terms it begins', {text: 'fox', term: 'fox', typing: true}, small, [3, 4, 5]],
    ['its stem too', {text: 'ga', term: 'fox', typing: true}, small, [3, 4, 5, 6]],
    [
      'no further than the completion budget',
      {text: 'fox', term: 'fox', typing: true},
      first.map((_, part) => (part === 5 ? COMPLETION_BYTES : 1000)),
      [3, 4],
    ],
  ])('%s', (_case, word, bytes, parts) => {
    expect(partsForWord(word, [{first, bytes}]).parts).toEqual([parts]);
  });

  // Two partitions of one version: the budget is theirs together, spent in term order.
  const third = COMPLETION_BYTES / 3;
  const main = {first: ['a', 'fa', 'fb', 'fc', 'g'], bytes: [third, third, third, third, third]};
  const staff = {first: ['a', 'fab', 'fd', 'g'], bytes: [1000, 1000, 1000, 1000]};
  it.each([
    ['a word: its part in each', {text: 'fbx', term: 'fbx', typing: false}, [[2], [1]], []],
    [
      'a word being typed: parts in term order until the budget is spent, in all',
      {text: 'f', term: 'f', typing: true},
      [
        [0, 1, 2],
        [0, 1],
      ],
      [['f', 'fc']],
    ],
    ['a budget not reached: no stop', {text: 'fd', term: 'fd', typing: true}, [[3], [2]], []],
  ])('%s', (_case, word, parts, stops) => {
    expect(partsForWord(word, [main, staff])).toEqual({parts, stops: new Map(stops as [string, string][])});
  });

  it('loads, for a word long enough to be corrected, the parts of its beginnings: a stem it may be misspelt past', () => {
    // "testign" sorts in the part that starts at "test('"; its stem "test" in the one before.
    const parts = {first: ['a', 'take', "test('", 'timer'], bytes: [1000, 1000, 1000, 1000]};
    expect(partsForWord({text: 'testign', term: 'testign', typing: false}, [parts]).parts).toEqual([[1, 2]]);
    // A shorter word is not corrected: its own part only.
    expect(partsForWord({text: 'tesx', term: 'tesx', typing: false}, [parts]).parts).toEqual([[2]]);
  });

  it('counts the start parts of every partition but the largest against the budget', () => {
    const half = {first: ['a', 'fa'], bytes: [COMPLETION_BYTES / 2, 1000]};
    expect(partsForWord({text: 'f', term: 'f', typing: true}, [half, half, half])).toEqual({
      parts: [[0], [0], [0]],
      stops: new Map([['f', 'fa']]),
    });
  });
});

describe('joinedNamesOf and wholeNameTerms: a name joined up with punctuation, looked up whole', () => {
  it.each([
    ['vi.mock', [{name: 'vi.mock', words: [0, 1], typing: true}]],
    ['vi.mock factory', [{name: 'vi.mock', words: [0, 1], typing: false}]],
    [
      'reply.redirect and fastify.register ',
      [
        {name: 'reply.redirect', words: [0, 1], typing: false},
        {name: 'fastify.register', words: [2, 3], typing: false},
      ],
    ],
    // One word inside punctuation, or words apart, are no joined-up name.
    ['_.groupBy', []],
    ['vi mock', []],
  ])('%j → %j', (query, expected) => {
    expect(joinedNamesOf(queryWords(query, lunrRules))).toEqual(expected);
  });

  const terms = [
    'vi',
    'vi.mock',
    "vi.mock('./path",
    'vi.mock(import',
    'vi.mocked',
    'vi.mockobject',
    'vi.when',
    'fastify.regist',
    'fastify.register(plugin',
  ].sort();
  it.each([
    ['the name, and the terms it begins where punctuation follows', 'vi.mock', false, ['vi.mock', "vi.mock('./path", 'vi.mock(import']],
    ['while typed, every term it begins', 'vi.mock', true, ['vi.mock', "vi.mock('./path", 'vi.mock(import', 'vi.mocked', 'vi.mockobject']],
    ["its stem, as lunr keeps a title's name", 'fastify.register', false, ['fastify.regist', 'fastify.register(plugin']],
    ['none where no term holds it', 'vi.spyon', false, []],
  ])('%s', (_case, name, typing, expected) => {
    expect(wholeNameTerms({name, words: [0, 1], typing}, terms, lunrRules).sort()).toEqual([...expected].sort());
  });

  it('stops where the parts loaded for the name stop, as a completion does', () => {
    const stops = new Map([['vi.mock', 'vi.mock(import']]);
    expect(wholeNameTerms({name: 'vi.mock', words: [0, 1], typing: true}, terms, lunrRules, stops)).toEqual(['vi.mock', "vi.mock('./path"]);
  });
});

describe('expand: the terms a word matches', () => {
  const terms = ['fa', 'fab', 'fac', 'fb', 'fc', 'fd'];
  it.each([
    ['every completion loaded', new Map<string, string>(), ['f', 'fa', 'fab', 'fac', 'fb', 'fc', 'fd']],
    ['completions before the stop only', new Map([['f', 'fb']]), ['f', 'fa', 'fab', 'fac']],
  ])('%s', (_case, stops, expected) => {
    const found = expand({text: 'f', term: 'f', typing: true}, ['f', ...terms], stops).map((expansion) => expansion.term);
    expect(found).toEqual(expected);
  });
});

describe('oneTypoFrom: a word one typo from a term', () => {
  it.each([
    ['snaphsot', 'snaphsot', 'snapshot', true],
    ['geolocaton', 'geolocaton', 'geoloc', true],
    ['conditonal', 'conditon', 'condit', true],
    ['memoise', 'memois', 'memoiz', true],
    ['testign', 'testign', 'test', true],
    // More than an ending past the term, another word past it, a typo and an ending, or two typos: another word.
    ['geolocationing', 'geolocationing', 'geoloc', false],
    ['handbook', 'handbook', 'hand', false],
    ['roadmap', 'roadmap', 'read', false],
    ['snpahsto', 'snpahsto', 'snapshot', false],
    ['configurtion', 'configurtion', 'configur', true],
    ['decorators', 'decor', 'dec', false],
  ])('%j (stem %j) → %j: %s', (text, term, indexTerm, expected) => {
    expect(oneTypoFrom({text, term}, indexTerm)).toBe(expected);
  });

  it('corrects only words of five letters or more, and only when nothing matches as typed', () => {
    const terms = ['snapshot', 'test', 'tests'];
    const found = (text: string, typing = false) => expand({text, term: text, typing}, terms).map((expansion) => expansion.term);
    expect(found('tset')).toEqual([]);
    expect(found('snaphsot')).toEqual(['snapshot']);
    expect(found('testt')).toEqual(['test', 'tests']);
    expect(found('tests')).toEqual(['tests']);
  });
});

describe('what a query loads', () => {
  it('the manifest, the term parts of its words and the document parts of the pages it shows: not the whole index', async () => {
    const {index, manifest, fetched} = servedIndex(PAGES, SIZES);
    const answer = await index.search({query: 'kilo', limit: 8});
    expect(answer.suggestions.map((suggestion) => suggestion.url)).toEqual(['/section-1/kilo']);
    expect(fetched[0]).toBe(`/${MANIFEST_FILE}`);
    const parts = partsIn(fetched);
    // One term part ("kilo" is one term) and one document part (one page shown).
    expect(parts).toHaveLength(2);
    expect(manifest.termParts.names.length + manifest.docParts.names.length).toBeGreaterThan(6);
  });

  it('a word being typed loads the parts of the terms it begins, and no others', async () => {
    const {index, manifest, parts, fetched} = servedIndex(PAGES, SIZES);
    const answer = await index.search({query: 'foxt', limit: 8});
    expect(answer.suggestions[0]!.url).toBe('/section-2/foxtrot');
    const termParts = partsIn(fetched)
      .map((url) => url.slice(`/${PARTS_DIR}/`.length, -'.json'.length))
      .filter((name) => manifest.termParts.names.includes(name))
      .map((name) => JSON.parse(parts.get(name)!) as TermPart);
    // The part where "foxt" would be, and those of the terms it begins.
    const expected = manifest.termParts.first.flatMap((first, part) =>
      part === partFor(manifest.termParts.first, 'foxt') || first.startsWith('foxt') ? [part] : [],
    );
    expect(termParts.map((part) => manifest.termParts.first.indexOf(part.terms[0]!)).sort((a, b) => a - b)).toEqual(expected);
  });

  it('loads each part once, and a part that failed again on the next query', async () => {
    const {index, fetched} = servedIndex(PAGES, SIZES);
    await index.search({query: 'lima', limit: 8});
    const first = partsIn(fetched).length;
    await index.search({query: 'lima', limit: 8});
    expect(partsIn(fetched)).toHaveLength(first);

    const flaky = servedIndex(PAGES, SIZES);
    flaky.failOnce((url) => url.startsWith(`/${PARTS_DIR}/`));
    await expect(flaky.index.search({query: 'lima', limit: 8})).rejects.toThrow(/HTTP 503/);
    expect((await flaky.index.search({query: 'lima', limit: 8})).suggestions[0]!.url).toBe('/section-2/lima');
  });

  it('a manifest that failed is asked for again', async () => {
    const {index, failOnce} = servedIndex(PAGES, SIZES);
    failOnce((url) => url.endsWith(MANIFEST_FILE));
    await expect(index.search({query: 'lima', limit: 8})).rejects.toThrow(/HTTP 503/);
    expect((await index.search({query: 'lima', limit: 8})).total).toBe(1);
  });
});
