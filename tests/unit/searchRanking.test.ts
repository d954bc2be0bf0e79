/** Which pages the search box suggests, in which order, and what it shows of them. */
import {describe, expect, it} from 'vitest';
import {plainText} from '../../src/search/components/Marked';
import {syntaxHint, textWords} from '../../src/search/engine/queryTerms';
import {lunrRules} from '../../src/search/engine/lunrRules';
import {exactFirst, isExactly, rankPages, rarity, requiredCoverage, wordScore, type Postings} from '../../src/search/engine/rank';
import {KIND_WEIGHT, SECTION_BOOST} from '../../src/search/engine/weights';
import {DocKind} from '../../contracts/searchIndexFiles';
import type {Suggestion} from '../../src/search/engine/versionIndex';
import {servedIndex, type FixturePage} from '../support/searchIndexFixture';

const filler = (words: number, seed: string) =>
  Array.from({length: words}, (_, n) => `${seed}${n % 7} plain words about servers and plugins`).join(' ');

/** A small site with the traps real docs set: short titles, words only in text, a description, sections, code-like pages. */
const PAGES: FixturePage[] = [
  {
    url: '/Reference/Lifecycle',
    title: 'Lifecycle',
    breadcrumbs: ['Reference'],
    sections: [{text: 'The order in which hooks run for each incoming request, from routing to the reply.'}],
  },
  {
    url: '/Reference/Hooks',
    title: 'Hooks',
    breadcrumbs: ['Reference'],
    description: 'Hooks let you listen to events of the request lifecycle.',
    sections: [
      {text: `Hooks run code at points of the request lifecycle. The request lifecycle is described elsewhere. ${filler(20, 'h')}`},
      {heading: 'onRequest', text: 'Runs first for every request lifecycle, before the body is parsed.'},
    ],
  },
  {
    url: '/Reference/HTTP2',
    title: 'HTTP2',
    breadcrumbs: ['Reference'],
    sections: [{text: 'Fastify supports http2 over TLS and plain text.'}],
  },
  {
    url: '/Reference/Server',
    title: 'Server',
    breadcrumbs: ['Reference'],
    sections: [
      {text: `Options of the server factory: http2, https and many more. ${filler(10, 's')}`},
      {heading: 'Graceful shutdown', text: 'Closing the server waits for in-flight requests.'},
    ],
  },
  {
    url: '/Guides/Testing',
    title: 'Testing',
    breadcrumbs: ['Guides'],
    description: 'How to test a plugin with inject.',
    sections: [
      {text: 'Use inject to send fake requests without a socket.'},
      {heading: 'Testing with http2', text: 'The same inject works for servers on http2.'},
    ],
  },
  {
    url: '/Guides/Plugins-Guide',
    title: 'Plugins Guide',
    breadcrumbs: ['Guides'],
    sections: [
      {text: 'Plugins are the way to extend the server; a plugin can register hooks.'},
      {heading: 'Lifecycle of a plugin', text: 'Plugins load in order, and their request hooks run in the lifecycle.'},
    ],
  },
  {
    url: '/Reference/ContentTypeParser',
    title: 'ContentTypeParser',
    breadcrumbs: ['Reference'],
    sections: [{text: 'Fastify natively supports JSON and plain text bodies; register a parser for the rest.'}],
  },
  {
    url: '/Guides/Benchmarking',
    title: 'Benchmarking',
    breadcrumbs: ['Guides'],
    sections: [{heading: 'Run autocannon', text: 'Measure requests per second.'}],
  },
  {
    url: '/Guides/Deployment',
    title: 'Deployment',
    breadcrumbs: ['Guides'],
    // Prose, then a code block: the indexer keeps the code's text in its section's.
    sections: [
      {text: 'Publish the built site from your machine. GIT_USER=ana USE_SSH=true npm run deploy'},
      {heading: 'Try it locally', text: 'Serve the build, then open it. npx fastify start app.js open http://localhost:3000/docs'},
    ],
  },
  {
    url: '/Reference/Sidebar',
    title: 'Sidebar',
    breadcrumbs: ['Reference'],
    sections: [{text: 'Front matter orders the pages: sidebar_position: 2 puts a page second.'}],
  },
  {
    url: '/Reference/Mocks',
    title: 'Mock functions',
    breadcrumbs: ['Reference'],
    sections: [
      {text: 'Replace a dependency with a function you control.'},
      {heading: 'mockFn.mockResolvedValue(value)', text: 'The mock returns a promise that resolves to value.'},
    ],
  },
];

async function searchOf(query: string, options: {section?: string; within?: string; limit?: number} = {}) {
  const {index} = servedIndex(PAGES);
  return index.search({query, limit: options.limit ?? 8, section: options.section, within: options.within});
}

const urls = (suggestions: Suggestion[]) => suggestions.map((suggestion) => suggestion.url);

describe('the page a reader means comes first', () => {
  it.each([
    // A short title beats pages that say the words more often in their text.
    ['request lifecycle', '/Reference/Lifecycle'],
    ['lifecycle', '/Reference/Lifecycle'],
    ['http2', '/Reference/HTTP2'],
    ['HTTP2', '/Reference/HTTP2'],
    ['hooks', '/Reference/Hooks'],
    // A heading holding every word points at that heading.
    ['graceful shutdown', '/Reference/Server#graceful-shutdown'],
    ['testing http2', '/Guides/Testing#testing-with-http2'],
    // Still being typed: the word's beginning.
    ['lifecyc', '/Reference/Lifecycle'],
    ['bench', '/Guides/Benchmarking'],
    // One typo in a longer word.
    ['lifecyle', '/Reference/Lifecycle'],
    // A page of code, by its heading.
    ['autocannon', '/Guides/Benchmarking#run-autocannon'],
    // The words of a name written as one.
    ['content type parser', '/Reference/ContentTypeParser'],
    // Three words, one of which no page has: the pages with the other two.
    ['inject fake sockets', '/Guides/Testing'],
    // Code in a code block, by a command or a variable it holds.
    ['GIT_USER', '/Guides/Deployment'],
    ['npx fastify start', '/Guides/Deployment#try-it-locally'],
    // Words that punctuation joins, typed joined or apart.
    ['localhost:3000', '/Guides/Deployment#try-it-locally'],
    ['sidebar position', '/Reference/Sidebar'],
    ['sidebar_position', '/Reference/Sidebar'],
    // A method under a dotted heading, by its bare name.
    ['mockResolvedValue', '/Reference/Mocks#mockfn-mockresolvedvalue-value-'],
  ])('%j → %s', async (query, first) => {
    expect(urls((await searchOf(query)).suggestions)[0]).toBe(first);
  });
});

describe("a word on most of the version's pages (the product's own name) ranks no page by its title", () => {
  // Every page names the product, and one title does too: a heading that holds the query's other word ranks first.
  const pages: FixturePage[] = [
    {url: '/Guides/Style-Guide', title: 'Acme Style Guide', sections: [{text: 'How acme docs are written; npm is spelt in lower case.'}]},
    {
      url: '/Guides/Getting-Started',
      title: 'Getting Started',
      sections: [{heading: 'Install with npm', text: 'Run npm install acme, then start the acme server.'}],
    },
    {url: '/Guides/Testing', title: 'Testing', sections: [{text: 'Test an acme server with inject.'}]},
    {url: '/Guides/Logging', title: 'Logging', sections: [{text: 'Acme logs every request.'}]},
  ];
  it.each([
    ['npm acme', '/Guides/Getting-Started'],
    ['acme npm', '/Guides/Getting-Started'],
    // A query of common words alone: their titles still count.
    ['acme', '/Guides/Style-Guide'],
  ])('%j → %s', async (query, page) => {
    const {index} = servedIndex(pages);
    const [first] = (await index.search({query, limit: 8})).suggestions;
    expect(first?.url.split('#')[0]).toBe(page);
  });
});

describe('a page holds a query when its sections together hold every word', () => {
  it.each([
    // "https" only in the page's first section, "graceful" only under its heading: no section holds both.
    ['graceful https', '/Reference/Server'],
    ['GIT_USER localhost', '/Guides/Deployment'],
  ])('%j → %s', async (query, page) => {
    const [first] = (await searchOf(query)).suggestions;
    expect(first?.url.split('#')[0]).toBe(page);
  });
});

describe('the list', () => {
  it('has one suggestion per page, and never the same address twice', async () => {
    for (const query of ['request', 'lifecycle', 'hooks', 'http2', 'plugin', 'server']) {
      const shown = urls((await searchOf(query)).suggestions);
      expect(new Set(shown).size, query).toBe(shown.length);
      expect(new Set(shown.map((url) => url.split('#')[0])).size, query).toBe(shown.length);
    }
  });

  it('shows a page found by its description once, with the description as its text', async () => {
    const {suggestions} = await searchOf('listen events');
    expect(urls(suggestions)).toEqual(['/Reference/Hooks']);
    expect(plainText(suggestions[0]!.text!)).toBe('Hooks let you listen to events of the request lifecycle.');
  });

  it('shows a page found by its title alone with its opening text, the last page of the index too', async () => {
    for (const [query, url, text] of [
      [
        'contenttypeparser',
        '/Reference/ContentTypeParser',
        'Fastify natively supports JSON and plain text bodies; register a parser for the rest.',
      ],
      ['benchmarking', '/Guides/Benchmarking', 'Measure requests per second.'],
    ]) {
      const [first] = (await searchOf(query!)).suggestions;
      expect({url: first?.url, text: first?.text && plainText(first.text)}).toEqual({url, text});
    }
  });

  it('stops at the limit and counts every page that answers', async () => {
    const answer = await searchOf('request', {limit: 2});
    expect(answer.suggestions).toHaveLength(2);
    expect(answer.total).toBeGreaterThan(2);
  });

  it('fills a short answer with the pages that hold one word fewer, after the pages that hold every word', async () => {
    const {suggestions, total} = await searchOf('inject http2');
    expect(urls(suggestions).map((url) => url.split('#')[0])).toEqual(['/Guides/Testing', '/Reference/HTTP2', '/Reference/Server']);
    expect(total).toBe(3);
    // A query no page holds both words of finds nothing, filled or not.
    expect((await searchOf('inject zzzunknown')).total).toBe(0);
  });

  it('finds nothing for stop words alone, or for words no page has', async () => {
    for (const query of ['the', 'how to', 'zzzunknown', 'title:', '*', '+']) expect((await searchOf(query)).total, query).toBe(0);
  });

  it('marks the matched words, and keeps the words as typed for the page it opens', async () => {
    const answer = await searchOf('Graceful shutdown');
    expect(answer.suggestions[0]!.heading!.filter((piece) => piece.mark).map((piece) => piece.text)).toEqual(['Graceful', 'shutdown']);
    expect(answer.words).toEqual(['graceful', 'shutdown']);
  });

  it('marks the words of a joined-up name that matched, not the punctuation between them', async () => {
    const [first] = (await searchOf('localhost 3000')).suggestions;
    expect(first!.text!.filter((piece) => piece.mark).map((piece) => piece.text)).toEqual(['localhost', '3000']);
  });

  it('shows the page name and its breadcrumbs apart', async () => {
    const [first] = (await searchOf('autocannon')).suggestions;
    expect(plainText(first!.title)).toBe('Benchmarking');
    expect(first!.breadcrumbs).toEqual(['Guides']);
  });
});

describe('sections', () => {
  it('puts the reader’s section first among answers otherwise alike', async () => {
    const fromReference = urls((await searchOf('http2', {section: 'Reference'})).suggestions);
    const fromGuides = urls((await searchOf('http2', {section: 'Guides'})).suggestions);
    // The title match stays first from anywhere; the text matches follow the reader's section.
    expect(fromReference[0]).toBe('/Reference/HTTP2');
    expect(fromGuides[0]).toBe('/Reference/HTTP2');
    expect(fromGuides.indexOf('/Guides/Testing#testing-with-http2')).toBeLessThan(fromGuides.indexOf('/Reference/Server'));
  });

  it('answers from every section of the version, whichever the reader is in', async () => {
    const shown = urls((await searchOf('lifecycle', {section: 'Guides'})).suggestions);
    expect(shown).toContain('/Reference/Lifecycle');
    expect(shown).toContain('/Guides/Plugins-Guide#lifecycle-of-a-plugin');
  });

  it('a section that holds no indexed page boosts nothing and keeps nothing', async () => {
    const {index} = servedIndex(PAGES, {
      sections: [
        {path: 'Reference', label: 'R'},
        {path: 'Guides', label: 'G'},
        {path: 'Empty', label: 'E'},
      ],
    });
    expect((await index.search({query: 'lifecycle', limit: 8, within: 'Empty'})).total).toBe(0);
    const fromEmpty = await index.search({query: 'lifecycle', limit: 8, section: 'Empty'});
    expect(fromEmpty.suggestions.filter((suggestion) => suggestion.inSection)).toEqual([]);
  });

  it('keeps to one section when asked (the search page)', async () => {
    const shown = urls((await searchOf('lifecycle', {within: 'Guides'})).suggestions);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((url) => !url.startsWith('/Guides/'))).toEqual([]);
  });
});

describe('rankPages: the order of pages', () => {
  // Four pages of two documents each: doc 2p is page p's title, doc 2p + 1 its text.
  const pageFirstDocs = [0, 2, 4, 6];
  const postingsOf = (table: Record<string, Postings>) => (term: string) => table[term] ?? [];
  const title = (doc: number, weight: number) => [[doc, weight], [], [], [], []].map((pair) => pair.flat());
  const text = (...pairs: [number, number][]) => [[], [], [], [], pairs.flat()];

  it.each([
    [
      'coverage first: both words beat one word said loudly',
      {0: text([1, 9], [3, 1]), 1: text([3, 1])},
      [[{term: '0', weight: 1}], [{term: '1', weight: 1}]],
      [1],
    ],
    ['then a title holding every word', {0: [[4, 1], [], [], [], [1, 9]]}, [[{term: '0', weight: 1}]], [2, 0]],
    ['then the score', {0: text([1, 2], [3, 5])}, [[{term: '0', weight: 1}]], [1, 0]],
    [
      'a weaker kind of match counts less',
      {0: text([1, 3]), 1: text([3, 3])},
      [
        [
          {term: '0', weight: 1},
          {term: '1', weight: 0.4},
        ],
      ],
      [0, 1],
    ],
  ] as const)('%s', (_rule, table, words, order) => {
    const hits = rankPages({words: words as never, postings: postingsOf(table as never), pageFirstDocs});
    expect(hits.map((hit) => hit.page)).toEqual(order);
  });

  it.each([
    [
      'a short list is filled with pages that hold one word fewer, after every page that holds them all',
      {0: text([1, 9], [3, 1], [5, 1], [7, 2]), 1: text([3, 1], [5, 1])},
      8,
      [1, 2, 0, 3],
    ],
    ['a list as long as fillTo is not filled', {0: text([1, 9], [3, 1], [5, 1], [7, 2]), 1: text([3, 1], [5, 1])}, 2, [1, 2]],
    ['a query no page holds enough of finds nothing, as before', {0: text([1, 1]), 1: text([3, 1])}, 8, []],
  ] as const)('%s', (_rule, table, fillTo, order) => {
    // Pages 1 and 2 hold both words; page 0 says the first one loudly, page 3 says it once.
    const query = [[{term: '0', weight: 1}], [{term: '1', weight: 1}]];
    const hits = rankPages({words: query, postings: postingsOf(table as never), pageFirstDocs, fillTo});
    expect(hits.map((hit) => hit.page)).toEqual(order);
  });

  it('marks the pages that fill a short list, which nothing lifts above the pages that hold the query', () => {
    const query = [[{term: '0', weight: 1}], [{term: '1', weight: 1}]];
    const postings = postingsOf({0: text([1, 9], [3, 1], [5, 1], [7, 2]), 1: text([3, 1], [5, 1])});
    const hits = rankPages({words: query, postings, pageFirstDocs, fillTo: 8});
    expect(hits.map((hit) => [hit.page, hit.filler])).toEqual([
      [1, false],
      [2, false],
      [0, true],
      [3, true],
    ]);
  });

  it('the section boost reorders only answers of the same coverage and tier', () => {
    // Page 1's text says the word 20 times, boosted: far above page 0's title, once…
    const postings = postingsOf({0: [title(0, 1)[0]!, [], [], [], [3, 20]]});
    expect(20 * SECTION_BOOST).toBeGreaterThan(KIND_WEIGHT[DocKind.Title]);
    const hits = rankPages({words: [[{term: '0', weight: 1}]], postings, pageFirstDocs, inSection: (page) => page === 1});
    // …yet page 0's title holds the word: tier 4 before page 1's text whatever the boost.
    expect(hits.map((hit) => [hit.page, hit.tier])).toEqual([
      [0, 4],
      [1, 0],
    ]);
    const textOnly = postingsOf({0: text([1, 1], [3, 1.2])});
    expect(
      rankPages({words: [[{term: '0', weight: 1}]], postings: textOnly, pageFirstDocs, inSection: (page) => page === 0}).map(
        (hit) => hit.page,
      ),
    ).toEqual([0, 1]);
    expect(rankPages({words: [[{term: '0', weight: 1}]], postings: textOnly, pageFirstDocs}).map((hit) => hit.page)).toEqual([1, 0]);
  });

  it.each([
    [1, 1],
    [2, 2],
    [3, 2],
    [5, 4],
  ])('a query of %d words needs %d of them', (words, needed) => {
    expect(requiredCoverage(words)).toBe(needed);
  });
});

describe('isExactly and exactFirst: a title or heading that is the query', () => {
  it.each([
    ['Mocking', 'mocking', true],
    ['Mocking', 'mock', false],
    ['Mocking Classes', 'mocking', false],
    ['Mocks', 'mocking', false],
    ['Mocking the File System', 'mocking file system', true],
    ['Mocking the File System', 'file system mocking', true],
    ['--shard', '--shard', true],
    ['Sharding', 'shard', false],
    ['browser.locators', 'locators', false],
    ['browser.locators', 'browser.locators', true],
    ['Fixture Scopes 3.2.0', 'fixture scopes', false],
    // Stop words are not indexed: a title of them alone holds no query.
    ['What is it', 'what is it', false],
  ])('%j is %j: %s', (name, query, expected) => {
    expect(isExactly(textWords(name, lunrRules), textWords(query, lunrRules))).toBe(expected);
  });

  it('moves the exact ones first among hits of the same coverage and tier, and nothing else', () => {
    const hit = (coverage: number, tier: 0 | 1 | 2 | 3 | 4, name: string, filler = false) => ({coverage, tier, name, filler});
    const hits = [
      hit(2, 4, 'a'),
      hit(2, 4, 'B'),
      hit(2, 2, 'c'),
      hit(2, 2, 'D'),
      hit(1, 4, 'E'),
      hit(1, 4, 'f'),
      // A filler of the same coverage and tier as the hits before it stays after them.
      hit(1, 4, 'G', true),
    ];
    // Capitals are exact: each moves to the front of its own run, never into another.
    const isCapital = (item: {name: string}) => item.name === item.name.toUpperCase();
    expect(exactFirst(hits, isCapital).map((item) => item.name)).toEqual(['B', 'a', 'D', 'c', 'E', 'f', 'G']);
  });
});

describe('syntaxHint: a query written for another engine', () => {
  it.each([
    ['title:deploy', true],
    ['foo~1', true],
    ['foo^2', true],
    ['deplo*', true],
    ['+required -excluded', true],
    ['plain words', false],
    ['node-http', false],
    ['c++', false],
    ['what is 2-3', false],
  ])('%j → a hint: %s', (query, hinted) => {
    expect(syntaxHint(query) !== null).toBe(hinted);
  });
});

describe('page groups', () => {
  const GUIDE: FixturePage = {
    url: '/Guides/Hooks',
    title: 'Hooks guide',
    sections: [
      {text: 'Hooks run at points of a request.'},
      {heading: 'Request hooks', text: 'onRequest runs before routing; preHandler runs before the handler.'},
      {heading: 'Reply hooks', text: 'onSend can change the payload of a request before it leaves.'},
      {heading: 'Errors', text: 'onError runs when a handler throws.'},
      {heading: 'Timeouts', text: 'onTimeout runs when a request times out, and the request ends.'},
    ],
  };
  const OTHER: FixturePage = {url: '/Reference/Server', title: 'Server', sections: [{text: 'A request reaches the server first.'}]};
  const search = (query: string, more: number, pages = [GUIDE, OTHER]) => servedIndex(pages).index.search({query, limit: 8, more});
  const grouped = (suggestion: Suggestion) => (suggestion.more ?? []).map((hit) => `${hit.url} ${plainText(hit.heading)}`);

  it("shows a page's best section first, then its other sections that hold the query, best first, as many as asked", async () => {
    const {suggestions} = await search('request', 2);
    expect(urls(suggestions)).toEqual(['/Guides/Hooks#request-hooks', '/Reference/Server']);
    expect(grouped(suggestions[0]!)).toEqual(['/Guides/Hooks#timeouts Timeouts', '/Guides/Hooks#reply-hooks Reply hooks']);
    expect(suggestions[0]!.more!.map((hit) => hit.text && plainText(hit.text))).toEqual([
      'onTimeout runs when a request times out, and the request ends.',
      'onSend can change the payload of a request before it leaves.',
    ]);
    expect(suggestions[1]!.more).toBeUndefined();
  });

  it('groups nothing when not asked, and no section that lacks a word of the query', async () => {
    expect((await search('request', 0)).suggestions.map((suggestion) => suggestion.more)).toEqual([undefined, undefined]);
    // Three other sections say "request", none of them "payload".
    const [first] = (await search('payload request', 4)).suggestions;
    expect(urls([first!])).toEqual(['/Guides/Hooks#reply-hooks']);
    expect(first!.more).toBeUndefined();
  });

  const CHECKLIST: FixturePage = {
    url: '/checklist',
    title: 'Before you start',
    sections: [
      {text: 'What every tutorial assumes.'},
      {heading: 'A code editor', text: 'Pick an editor with syntax highlighting.'},
      {heading: 'A terminal', text: 'Any shell runs the commands.'},
    ],
  };
  // A chapter that embeds the checklist (an MDX import): its sections, at the same anchors, among its own.
  const CHAPTER: FixturePage = {
    url: '/chapter-2',
    title: 'Chapter 2',
    sections: [{text: 'Writing docs.'}, ...CHECKLIST.sections.slice(1), {heading: 'Documents', text: 'A document is a file.'}],
  };

  it("finds an embedded doc's text on its own page only, not again on each page that embeds it", async () => {
    expect(urls((await search('syntax highlighting', 0, [CHAPTER, CHECKLIST])).suggestions)).toEqual(['/checklist#a-code-editor']);
    // The embedding page keeps its own sections.
    expect(urls((await search('document file', 0, [CHAPTER, CHECKLIST])).suggestions)).toEqual(['/chapter-2#documents']);
  });

  it('keeps a section a one-section page shares with another: a line such as "Next steps" is no partial', async () => {
    const note: FixturePage = {url: '/note', title: 'A note', sections: [{text: 'Short.'}, CHECKLIST.sections[1]!]};
    expect(urls((await search('syntax highlighting', 0, [CHAPTER, note])).suggestions).sort()).toEqual([
      '/chapter-2#a-code-editor',
      '/note#a-code-editor',
    ]);
  });

  it('keeps both of two pages with the same sections: neither embeds the other', async () => {
    const twin = {...CHECKLIST, url: '/checklist-copy', title: 'Checklist copy'};
    expect(urls((await search('syntax highlighting', 0, [CHECKLIST, twin])).suggestions).sort()).toEqual([
      '/checklist#a-code-editor',
      '/checklist-copy#a-code-editor',
    ]);
  });
});

describe('BM25F over the whole page, and the rules around it (issue 58)', () => {
  // Each row but the heading's fails on the ranking before (the heading's pins the finer tier).
  /** Pages that make a word common: "test" is on every page of a test runner's docs. */
  const common = (count: number): FixturePage[] =>
    Array.from({length: count}, (_, n) => ({url: `/Guides/page-${n}`, title: `Page ${n}`, sections: [{text: `A test of topic ${n}.`}]}));
  const first = async (pages: FixturePage[], query: string) =>
    urls((await servedIndex(pages).index.search({query, limit: 8})).suggestions)[0]?.split('#')[0];

  it.each<[string, FixturePage[], string, string]>([
    [
      'a page whose text says the word more, its title alike, comes first (the fields add up; the ranking before took the best one)',
      [
        {url: '/Guides/mocking-a', title: 'Mocking', sections: [{text: 'Replace things with fakes.'}]},
        {url: '/Guides/mocking-b', title: 'Mocking', sections: [{text: 'Mocking replaces modules; mocking timers; mocking requests.'}]},
      ],
      'mocking',
      '/Guides/mocking-b',
    ],
    [
      'a heading that holds every word, the common one too, comes before one that holds the others only',
      [
        ...common(6),
        {
          url: '/Reference/hooks',
          title: 'Hooks',
          sections: [
            {heading: 'beforeEach', text: 'Runs before each test: each test, each time, each file.'},
            {heading: 'Test hooks', text: 'Hooks of a test.'},
          ],
        },
        {url: '/Reference/api', title: 'API', sections: [{heading: 'test.each', text: 'Runs a table of cases.'}]},
      ],
      'test.each',
      '/Reference/api',
    ],
    [
      'pages are counted by the words that tell pages apart: a common word held adds no coverage',
      [
        ...common(6),
        {url: '/Reference/runner', title: 'Real runs', sections: [{text: 'A real test, run for real.'}]},
        {url: '/Reference/browser', title: 'Guide B', sections: [{text: 'Pages in a real browser.'}]},
      ],
      'test real browser',
      '/Reference/browser',
    ],
    [
      'one section holding every word (the words near each other) beats the words on different sections',
      [
        {
          url: '/Guides/far',
          title: 'Guide A',
          sections: [
            {heading: 'One', text: 'About timers.'},
            {heading: 'Two', text: 'About fakes.'},
          ],
        },
        {
          url: '/Guides/near',
          title: 'Guide B',
          sections: [
            {heading: 'One', text: 'About fake timers.'},
            {heading: 'Two', text: 'Other.'},
          ],
        },
      ],
      'fake timers',
      '/Guides/near',
    ],
    [
      'a name inside punctuation lunr keeps is found by its word (`_.groupBy`)',
      [
        {url: '/Reference/groupBy', title: 'groupBy', sections: [{text: 'Groups items by a key.'}]},
        {url: '/Reference/other', title: 'Other', sections: [{text: 'Nothing to group here.'}]},
      ],
      '_.groupBy',
      '/Reference/groupBy',
    ],
    [
      'a title that is the query comes before titles that hold more, whose text says the word more often',
      [
        {url: '/Guides/mocking', title: 'Mocking', sections: [{text: 'Fakes for things a test does not own.'}]},
        {
          url: '/Guides/mocking-classes',
          title: 'Mocking Classes',
          sections: [{text: 'Mocking a class: mocking its methods, mocking its constructor, mocking its getters.'}],
        },
        {url: '/Guides/mocks', title: 'Mocks', sections: [{text: 'Mocks record their calls; mocks replace mocks.'}]},
      ],
      'mocking',
      '/Guides/mocking',
    ],
    [
      'the words as typed, not their stems: "Benchmarking" before "Benchmark" for `benchmarking`',
      [
        {
          url: '/Config/benchmark',
          title: 'Benchmark',
          sections: [{text: 'The benchmark option: which benchmark files run, benchmark reporters.'}],
        },
        {url: '/Guides/benchmarking', title: 'Benchmarking', sections: [{text: 'Measure how fast code runs.'}]},
      ],
      'benchmarking',
      '/Guides/benchmarking',
    ],
    [
      'a heading that is the query comes before a heading of the same stem',
      [
        {
          url: '/Guides/performance',
          title: 'Performance',
          sections: [{heading: 'Sharding', text: 'Sharding splits a run; sharding across machines.'}],
        },
        {url: '/Guides/cli', title: 'Command Line', sections: [{heading: '--shard', text: 'Which part of the run to take.'}]},
      ],
      '--shard',
      '/Guides/cli',
    ],
    [
      'a title that holds the words of a joined-up name apart does not hold the name: a heading that holds it whole comes first',
      [
        {url: '/Guides/conditional', title: 'Conditional Mocking with vi.when', sections: [{text: 'Mock by the arguments: vi.when.'}]},
        {url: '/Reference/vi', title: 'The vi object', sections: [{heading: 'vi.mock', text: "vi.mock('./path') replaces a module."}]},
      ],
      'vi.mock',
      '/Reference/vi',
    ],
    [
      'a heading that holds the words of a joined-up name apart does not hold the name either',
      [
        {url: '/Guides/conditional', title: 'Conditional', sections: [{heading: 'Mocking with vi.when', text: 'Mock by the arguments.'}]},
        {url: '/Reference/vi', title: 'The vi object', sections: [{text: "vi.mock('./path') replaces a module."}]},
      ],
      'vi.mock',
      '/Reference/vi',
    ],
    [
      'a page that holds more of the query comes before one that holds a joined-up name of it whole (coverage first)',
      [
        {url: '/Guides/modules', title: 'Modules', sections: [{text: 'A factory: vi creates it, and a mock replaces it.'}]},
        {url: '/Reference/other', title: 'Other', sections: [{text: "vi.mock('./path') replaces a module."}]},
      ],
      'vi.mock factory',
      '/Guides/modules',
    ],
    [
      'a title that holds every word that tells pages apart comes before a page that holds a joined-up name whole (the tier first)',
      [
        ...Array.from({length: 6}, (_, n) => ({url: `/Guides/page-${n}`, title: `Page ${n}`, sections: [{text: 'A vi call and a mock.'}]})),
        {url: '/Guides/factory', title: 'Factory', sections: [{text: 'The factory returns a module: vi and mock apart.'}]},
        {url: '/Reference/modules', title: 'Modules', sections: [{text: "vi.mock('./path', factory) replaces a module."}]},
      ],
      'vi.mock factory',
      '/Guides/factory',
    ],
    [
      'a page that holds a joined-up name whole comes before pages that say its words apart more often',
      [
        {
          url: '/Guides/metadata',
          title: 'Metadata',
          sections: [{text: 'Import the meta of a run: meta, meta and more meta, which vitest keeps; import it with vitest.'}],
        },
        {
          url: '/Guides/in-source',
          title: 'In-Source Testing',
          sections: [{text: 'Tests inside the file: if (import.meta.vitest) run them.'}],
        },
      ],
      'import.meta.vitest',
      '/Guides/in-source',
    ],
    [
      'a misspelt word past its stem is corrected: "geolocaton" finds "Geolocation" (stem "geoloc")',
      [
        {url: '/Reference/geolocation', title: 'Geolocation', sections: [{text: 'Where the device is.'}]},
        {url: '/Reference/camera', title: 'Camera', sections: [{text: 'Take a photo.'}]},
      ],
      'geolocaton',
      '/Reference/geolocation',
    ],
  ])('%s', async (_rule, pages, query, expected) => {
    expect(await first(pages, query)).toBe(expected);
  });

  it('finds a joined-up name whole in a term part after its own: `vi.mock(path` sorts past `vi.mock`', async () => {
    const pages: FixturePage[] = [
      {url: '/Reference/vi', title: 'The vi object', sections: [{heading: 'vi.mock(path, factory)', text: 'Replaces a module.'}]},
      {
        url: '/Guides/mocking',
        title: 'Mocking with vi',
        sections: [{text: 'vi and mock, vi and mock again: vi.mock!a vi.mock$b vi.mock%c vi.mock&d mock vi mock vi.'}],
      },
    ];
    // Parts this small put terms the name begins in parts after the one its own term sorts in.
    const {index, manifest} = servedIndex(pages, {termPartBytes: 80});
    expect(manifest.termParts.first.filter((first) => first.startsWith('vi.mock')).length).toBeGreaterThan(1);
    const answer = await index.search({query: 'vi.mock ', limit: 8});
    expect(answer.suggestions[0]?.url).toBe('/Reference/vi#vi-mock-path-factory-');
  });

  it('orders a longer list as a shorter one starts: "Show more" only adds pages after those shown', async () => {
    // Eleven pages titled with the word and a number, which their text says more and more often; one titled with the
    // word alone, 6th by its score: its exact title lifts it among the box's eight, whatever the limit asked.
    const pages: FixturePage[] = [
      ...Array.from({length: 11}, (_, n) => ({
        url: `/Guides/mocking-${n}`,
        title: `Mocking ${n}`,
        sections: [{text: `Mocking ${'mocking '.repeat(n)}things.`}],
      })),
      {url: '/Guides/mocking', title: 'Mocking', sections: [{text: 'Fakes for things a test does not own.'}]},
    ];
    const {index} = servedIndex(pages);
    const listOf = async (limit: number) => urls((await index.search({query: 'mocking ', limit})).suggestions);
    const [five, eight, twenty] = [await listOf(5), await listOf(8), await listOf(20)];
    expect(twenty).toHaveLength(12);
    expect(twenty[0]).toBe('/Guides/mocking');
    expect(eight).toEqual(twenty.slice(0, 8));
    expect(five).toEqual(twenty.slice(0, 5));
  });

  it('leaves a word of four letters uncorrected: one change makes it another word', async () => {
    const pages = [{url: '/Reference/test', title: 'Test', sections: [{text: 'How to test.'}]}];
    expect((await servedIndex(pages).index.search({query: 'tset', limit: 8})).total).toBe(0);
    expect((await servedIndex(pages).index.search({query: 'testt', limit: 8})).total).toBe(1);
  });
});

describe('rarity and wordScore: BM25 by pages', () => {
  it('a term on fewer pages is rarer, and never below 0', () => {
    expect(rarity(1, 100)).toBeGreaterThan(rarity(10, 100));
    expect(rarity(100, 100)).toBeGreaterThan(0);
    expect(rarity(100, 100)).toBeLessThan(0.01);
  });

  it('more of a word counts, less and less (saturation)', () => {
    const rare = rarity(1, 100);
    expect(wordScore(2, rare)).toBeGreaterThan(wordScore(1, rare));
    expect(wordScore(21, rare) - wordScore(20, rare)).toBeLessThan(wordScore(2, rare) - wordScore(1, rare));
    expect(wordScore(1000, rare)).toBeLessThan(rare);
  });
});
