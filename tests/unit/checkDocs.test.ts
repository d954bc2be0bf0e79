import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {PUBLIC, READERS, type Condition} from '../../contracts/audiences';
import {checkSite, formatReport, markdownLinkSources, type Doc, type Site} from '../../plugins/checkDocs/check';
import {mayHoldExternalMedia, parseDoc} from '../../plugins/checkDocs/parse';
import {docPermalink} from '../../plugins/checkDocs/permalinks';
import {readSite} from '../../plugins/checkDocs/readSite';
import {blockedMediaIn} from '../../plugins/blockedMedia';
import {REAL_DOCS_FIXTURE} from '../../testkit/realDocs';
import {REPO} from '../../testkit/siteCopy';

function doc(file: string, permalink: string, body: string): Doc {
  return {...parseDoc(body, file.endsWith('.mdx') ? 'mdx' : 'md'), file, permalink, readProblems: [], titleFromFileName: false};
}

function site(docs: Doc[], overrides: Partial<Site> = {}): Site {
  return {
    docs,
    otherPages: new Set(['/', '/search']),
    fileExists: (file) => ['static-docs/img/logo.svg', 'docs/resources/figure.svg'].includes(file),
    resolvesImport: (source) => ['@theme/Tabs', '@theme/TabItem'].includes(source),
    staticDirs: ['static', 'static-docs'],
    docsDirs: ['docs', 'versioned_docs/version-1.0'],
    mediaOrigins: [],
    readers: new Map(),
    audienceProblems: [],
    ...overrides,
  };
}

const TARGET = doc(
  'docs/Reference/Reply.md',
  '/Reference/Reply',
  ['# Reply', '', '## .redirect(dest, [code ,])', '', '<a id="compilevalidationschema"></a>', '', '## Headers', '', '## Headers', ''].join(
    '\n',
  ),
);

/** Writes a site's files (path below the site → text). */
function writeFiles(siteDir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(siteDir, file)), {recursive: true});
    writeFileSync(path.join(siteDir, file), text);
  }
}

/** The messages a one-link doc in docs/Guides gets, beside TARGET. */
function messagesFor(body: string, overrides: Partial<Site> = {}): string[] {
  const guide = doc('docs/Guides/Guide.md', '/Guides/Guide', body);
  return checkSite(site([guide, TARGET], overrides)).map((problem) => `${problem.line}: ${problem.message}`);
}

describe('markdownLinkSources: where Docusaurus looks for a linked Markdown file, in its order', () => {
  it.each([
    ['./Reply.md', 'docs/Reference/Guide.md', ['docs/Reference/Reply.md']],
    ['../Guides/Start.md', 'docs/Reference/Guide.md', ['docs/Guides/Start.md']],
    ['/Guides/Start.md', 'docs/Reference/Guide.md', ['docs/Guides/Start.md', 'Guides/Start.md']],
    ['/docs/Guides/Start.md', 'docs/Reference/Guide.md', ['docs/docs/Guides/Start.md', 'docs/Guides/Start.md']],
    ['Start.md', 'docs/Reference/Guide.md', ['docs/Start.md', 'Start.md', 'docs/Reference/Start.md']],
    // Beside a doc at the top of its version's folder is that folder: named once.
    ['Start.md', 'docs/Guide.md', ['docs/Start.md', 'Start.md']],
    // A doc of a version below another's folder name takes its own version's folder.
    ['/intro.md', 'versioned_docs/version-1.0/tutorial/a.md', ['versioned_docs/version-1.0/intro.md', 'intro.md']],
  ])('%s from %s', (link, docFile, expected) => {
    expect(markdownLinkSources(docFile, link, ['docs', 'versioned_docs/version-1.0'])).toEqual(expected);
  });
});

describe('checkSite: links and anchors', () => {
  it.each([
    {why: 'a relative link to a doc', body: '[r](../Reference/Reply.md)', expected: []},
    // Docusaurus resolves these from the version's folder (resolveMarkdownLinkPathname).
    {why: "a doc's file from the version's folder", body: '[r](/Reference/Reply.md)', expected: []},
    {why: "a doc's file from the site's folder", body: '[r](/docs/Reference/Reply.md#headers)', expected: []},
    {why: "a doc's file without ./, from the version's folder", body: '[r](Reference/Reply.md)', expected: []},
    {
      why: "a doc's file without ./ that does not exist, with where it was looked for",
      body: '[r](Reference/Nope.md)',
      expected: [
        '1: broken link Reference/Nope.md: none of docs/Reference/Nope.md, Reference/Nope.md, docs/Guides/Reference/Nope.md exists',
      ],
    },
    {
      why: 'an extension in capitals, which Docusaurus leaves as a plain link',
      body: '[r](/Reference/Reply.MD)',
      expected: ['1: broken link /Reference/Reply.MD: no page or file at /Reference/Reply.MD'],
    },
    {
      why: 'an absolute path to a Markdown file no doc has: a static file, else nothing',
      body: '[r](/Reference/Nope.md)',
      expected: ['1: broken link /Reference/Nope.md: no page or file at /Reference/Nope.md'],
    },
    {why: 'a heading id, slugged as Docusaurus does', body: '[r](../Reference/Reply.md#redirectdest-code-)', expected: []},
    {why: "the page's own # heading", body: '[r](/Reference/Reply#reply)', expected: []},
    {why: 'a second heading of the same text', body: '[r](/Reference/Reply#headers-1)', expected: []},
    {why: 'an HTML anchor, its case aside', body: '[r](../Reference/Reply.md#compileValidationSchema)', expected: []},
    {why: 'a static file', body: '![logo](/img/logo.svg)', expected: []},
    {why: 'an image beside the docs', body: '![figure](../resources/figure.svg)', expected: []},
    {why: 'a site page', body: '[search](/search)', expected: []},
    {why: 'an external link', body: '[x](https://example.com/#whatever)', expected: []},
    {
      why: 'a stale anchor, with the id it probably meant',
      body: 'Text.\n\n[r](../Reference/Reply.md#redirectdest--code)',
      expected: ['3: broken anchor #redirectdest--code: /Reference/Reply has no such heading or id (did you mean #redirectdest-code-?)'],
    },
    {
      why: 'a doc that does not exist',
      body: '[m](./Missing.md)',
      expected: ['1: broken link ./Missing.md: docs/Guides/Missing.md does not exist'],
    },
    {
      why: 'a path with no page',
      body: '[m](/Reference/Nope)',
      expected: ['1: broken link /Reference/Nope: no page or file at /Reference/Nope'],
    },
    {
      why: "a link written for the docs' old place under /docs, with where the page is",
      body: '[r](/docs/Reference/Reply#headers)',
      expected: [
        '1: broken link /docs/Reference/Reply#headers: no page or file at /docs/Reference/Reply (the page is at /Reference/Reply: drop "/docs" from the link, or keep the docs\' old paths in version-settings.json, as CONTRIBUTING.md\'s "Bringing a Docusaurus site" says)',
      ],
    },
    {
      why: 'a path in another folder than /docs, whose page is at the root: no hint (a version, a moved section)',
      body: '[r](/1.0/Reference/Reply)',
      expected: ['1: broken link /1.0/Reference/Reply: no page or file at /1.0/Reference/Reply'],
    },
    {
      why: 'a path whose page is nowhere, one folder up or not',
      body: '[r](/docs/Reference/Nope)',
      expected: ['1: broken link /docs/Reference/Nope: no page or file at /docs/Reference/Nope'],
    },
    {
      why: 'a path with spaces, in angle brackets',
      body: '[m](<./No Such.md>)',
      expected: ['1: broken link ./No Such.md: docs/Guides/No Such.md does not exist'],
    },
    {
      why: 'a same-page anchor that is missing',
      body: '## Steps\n\n[s](#step)',
      expected: ['3: broken anchor #step: /Guides/Guide has no such heading or id'],
    },
    {
      why: 'a raw HTML link',
      body: '<p><a href="/Reference/Nope">x</a></p>',
      expected: ['1: broken link /Reference/Nope: no page or file at /Reference/Nope'],
    },
    {
      why: 'a reference-style link where it is used',
      body: 'See [r][def].\n\n[def]: ../Reference/Reply.md#gone',
      expected: ['3: broken anchor #gone: /Reference/Reply has no such heading or id'],
    },
    {why: 'an unused definition is not on the page', body: 'Text.\n\n[def]: ../Reference/Reply.md#gone', expected: []},
    {
      why: 'an id in a table cell the table does not show',
      body: '| a |\n|---|\n| x | <a id="hidden"></a> |\n\n[h](#hidden)',
      expected: ['5: broken anchor #hidden: /Guides/Guide has no such heading or id'],
    },
  ])('$why', ({body, expected}) => {
    expect(messagesFor(body)).toEqual(expected);
  });
});

describe('checkSite: media from other sites', () => {
  it.each([
    {
      why: 'blocked, naming the origin to add',
      body: '![badge](https://img.shields.io/badge/x)',
      origins: [],
      expected: ['1: media from another site is blocked: https://img.shields.io/badge/x (add https://img.shields.io to MEDIA_ORIGINS)'],
    },
    {why: 'allowed once listed', body: '![badge](https://img.shields.io/badge/x)', origins: ['https://img.shields.io'], expected: []},
    {
      why: 'an iframe in raw HTML',
      body: 'Intro.\n\n<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>',
      origins: [],
      expected: [
        '3: media from another site is blocked: https://www.youtube-nocookie.com/embed/x (add https://www.youtube-nocookie.com to MEDIA_ORIGINS)',
      ],
    },
    {why: 'a link to another site is no media', body: '[site](https://img.shields.io/)', origins: [], expected: []},
    {
      why: 'a reference-style image, named where its address is written',
      body: 'Build: ![status][badge]\n\n[badge]: https://img.shields.io/badge/build',
      origins: [],
      expected: ['3: media from another site is blocked: https://img.shields.io/badge/build (add https://img.shields.io to MEDIA_ORIGINS)'],
    },
    {
      why: 'a definition used by a link and by an image is media',
      body: '[the badge][b] and ![the badge][b]\n\n[b]: https://img.shields.io/badge/x',
      origins: [],
      expected: ['3: media from another site is blocked: https://img.shields.io/badge/x (add https://img.shields.io to MEDIA_ORIGINS)'],
    },
  ])('$why', ({body, origins, expected}) => {
    expect(messagesFor(body, {mediaOrigins: origins})).toEqual(expected);
  });
});

describe('mayHoldExternalMedia: the docs the build parses for media from other sites', () => {
  it.each([
    {why: 'an image from another site', text: 'Text.\n\n![badge](https://img.shields.io/badge/x)', expected: true},
    {why: 'an image by a protocol-relative address', text: '![logo]( <//cdn.example.com/logo.svg> )', expected: true},
    {why: 'an image whose alt text spans lines', text: '![a long\ndescription](https://example.com/a.png)', expected: true},
    {why: 'an HTML iframe', text: '<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>', expected: true},
    {why: 'a JSX video', text: "<Video src='https://example.com/a.mp4' />", expected: true},
    {why: 'a poster on any element', text: '<div poster="https://example.com/p.png"></div>', expected: true},
    {why: 'an image inside the alt text of another', text: '![see [a](b)](https://example.com/y.png)', expected: true},
    {why: 'a scheme written with an escape', text: '![x](https\\://example.com/y.png)', expected: true},
    {why: 'a scheme written with an entity', text: '![x](&#104;ttps://example.com/y.png)', expected: true},
    {why: 'a colon written with an entity', text: '![x](https&#58;//example.com/y.png)', expected: true},
    {why: 'a protocol-relative address with escapes', text: '![x](\\/\\/example.com/y.png)', expected: true},
    {
      why: 'a local image and a link to another site: parsed, to be sure',
      text: '![logo](/img/logo.svg) [site](https://example.com)',
      expected: true,
    },
    {
      why: 'a reference-style image from another site',
      text: '![status][badge]\n\n  [badge]: <https://img.shields.io/badge/x>',
      expected: true,
    },
    {why: 'a local image only', text: '![logo](/img/logo.svg)\n\n[r](../Reference/Reply.md)', expected: false},
    {why: 'links only', text: '[r](../Reference/Reply.md) and <a href="https://example.com">x</a>', expected: false},
    {why: 'no media at all', text: '# Intro\n\nPlain words.', expected: false},
  ])('$why: $expected', ({text, expected}) => {
    expect(mayHoldExternalMedia(text)).toBe(expected);
  });

  // One test a doc: the parser takes up to a second on a long real doc on a busy machine, and one test of
  // every doc together came near Vitest's time limit beside the builds (issue 60).
  const realDocs = [path.join(REAL_DOCS_FIXTURE, 'docs'), path.join(REPO, 'tests/fixtures/test-docs')].flatMap((dir) =>
    readdirSync(dir, {recursive: true, encoding: 'utf8'})
      .filter((file) => /\.mdx?$/.test(file) && !file.endsWith('README.md'))
      .map((file) => path.join(dir, file)),
  );
  const externalMediaIn = (file: string) =>
    parseDoc(readFileSync(file, 'utf8'), file.endsWith('.mdx') ? 'mdx' : 'md').references.some(
      ({kind, url}) => kind === 'media' && /^(?:[a-z]+:|\/\/)/i.test(url),
    );
  it('reads more than 40 real docs', () => expect(realDocs.length).toBeGreaterThan(40));
  it.each(realDocs.map((file) => ({file: path.relative(REPO, file), full: file})))(
    'is true of $file if the parser finds media from another site in it',
    ({full}) => {
      if (externalMediaIn(full)) expect(mayHoldExternalMedia(readFileSync(full, 'utf8'))).toBe(true);
    },
  );
  // The rows above check the hint where the parser finds such media: it finds some in a doc among them (an
  // image on GitHub), so they check something. One doc parsed, not all of them again in one test (issue 60).
  it('has real docs in which the parser finds media from another site', () => {
    const withMedia = path.join(REAL_DOCS_FIXTURE, 'docs/Guides/Contributing.md');
    expect(realDocs).toContain(withMedia);
    expect(externalMediaIn(withMedia)).toBe(true);
  });
});

describe('blockedMediaIn: what the build warns of, as check:docs finds it', () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'check-docs-media-'));
  afterAll(() => rmSync(siteDir, {recursive: true, force: true}));
  const FILES: Record<string, string> = {
    'versions.json': '["1.0"]',
    'current-version.json': '{"label": "2.0"}',
    'docs/intro.md': '# Intro\n\n![logo](/img/logo.svg) and [a site](https://example.com).\n',
    'docs/badges.md': '# Badges\n\n![build](https://img.shields.io/badge/build)\n\n![chart](https://charts.example.com/c.svg)\n',
    'docs/video.mdx': '# Video\n\n<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>\n',
    'versioned_docs/version-1.0/intro.md': '# Intro\n\nText.\n\n![old badge](https://img.shields.io/badge/old)\n',
  };
  writeFiles(siteDir, FILES);

  it.each([[[]], [['https://img.shields.io']]])('with MEDIA_ORIGINS %j, lists what check:docs lists as media', async (mediaOrigins) => {
    const fromBuild = (await blockedMediaIn(siteDir, mediaOrigins)).map(({file, line, message}) => `${file}:${line}: ${message}`);
    const fromCheck = checkSite(await readSite(siteDir, mediaOrigins))
      .filter((problem) => problem.rule === 'media')
      .map((problem) => `${problem.file}:${problem.line}: ${problem.message}`);
    expect(fromBuild.sort()).toEqual(fromCheck.sort());
    expect(fromBuild.length).toBe(mediaOrigins.length === 0 ? 4 : 2);
  });
});

describe('checkSite: the doc itself', () => {
  it('reports two docs served at one path and a title from the file name, with their lines', () => {
    const a = {...doc('docs/a.md', '/same', 'Text.'), titleFromFileName: true};
    const b = doc('docs/b.md', '/same', 'Text with `import x from "y"` in code.');
    const report = formatReport(checkSite(site([a, b])), 2).split('\n');
    expect(report).toEqual([
      'docs/a.md:1: error: served at /same, like docs/b.md',
      'docs/a.md:1: warning: no title: the page is named after its file (add `title` front matter or a `#` heading)',
      'docs/b.md:1: error: served at /same, like docs/a.md',
      'check:docs: 2 docs, 2 errors, 1 warning',
    ]);
  });

  it('reads JSX ids and links in an .mdx file', () => {
    const page = doc('docs/p.mdx', '/p', '<div id="Top"></div>\n\n<a href="#top">up</a> <a href="/nowhere">x</a>');
    expect(checkSite(site([page])).map((problem) => `${problem.line}: ${problem.message}`)).toEqual([
      '3: broken link /nowhere: no page or file at /nowhere',
    ]);
  });
});

describe('docPermalink', () => {
  it.each([
    {versionRoute: '', relativePath: 'intro.md', frontMatter: {}, expected: '/intro'},
    {versionRoute: '', relativePath: 'Chapter 2_ Documentation.mdx', frontMatter: {}, expected: '/Chapter 2_ Documentation'},
    {versionRoute: '1.0', relativePath: '01-basics/02-first.md', frontMatter: {}, expected: '/1.0/basics/first'},
    {versionRoute: '', relativePath: 'Reference/Index.md', frontMatter: {}, expected: '/Reference'},
    {versionRoute: '', relativePath: 'guides/guides.md', frontMatter: {}, expected: '/guides'},
    {versionRoute: '1.0', relativePath: 'README.md', frontMatter: {}, expected: '/1.0'},
    {versionRoute: '', relativePath: 'index.md', frontMatter: {slug: '/overview'}, expected: '/overview'},
    {versionRoute: '', relativePath: 'a/b.md', frontMatter: {slug: 'c'}, expected: '/a/c'},
    {versionRoute: '', relativePath: 'a/b.md', frontMatter: {id: 'z'}, expected: '/a/z'},
  ])('$versionRoute $relativePath $frontMatter → $expected', ({versionRoute, relativePath, frontMatter, expected}) => {
    expect(docPermalink({versionRoute, relativePath, frontMatter})).toBe(expected);
  });
});

describe('checkSite: links across audiences', () => {
  const partners = doc('docs/partners/embed.md', '/partners/embed', '# Embed\n\n## Steps\n');
  const staff = doc('docs/staff/list.md', '/staff/list', '# List\n');
  const readers = new Map<string, Condition>([
    ['/Reference/Reply', READERS],
    ['/partners/embed', ['partners']],
    ['/staff/list', ['staff']],
    ['/category/partners', ['partners']],
  ]);
  /** The messages a one-link doc for `own` gets, beside pages for every reader, partners and staff. */
  function crossingsFor(own: Condition | undefined, body: string): string[] {
    const guide = doc('docs/Guides/Guide.md', '/Guides/Guide', body);
    const overrides = {
      otherPages: new Set(['/', '/category/partners']),
      readers: own === undefined ? new Map() : new Map([...readers, ['/Guides/Guide', own]]),
    };
    return checkSite(site([guide, TARGET, partners, staff], overrides)).map(
      (problem) => `${problem.line}: ${problem.rule}: ${problem.message}`,
    );
  }
  const broken = (line: number, page: string, target: string, own: string) =>
    `${line}: audience: links to ${page}, a page for ${target}, from a page for ${own}: for the other readers of this page it is a broken link (the built page shows its text only)`;

  it.each([
    {why: 'to a page for the same readers', own: READERS, body: '[r](../Reference/Reply.md)', expected: []},
    {why: 'from a narrower page to a wider one', own: ['partners'], body: '[r](/Reference/Reply) [e](../partners/embed.md)', expected: []},
    {why: 'in a site without audiences', own: undefined, body: '[e](../partners/embed.md)', expected: []},
    {
      why: 'to a narrower page, by its file',
      own: READERS,
      body: 'Intro.\n\n[e](../partners/embed.md#steps)',
      expected: [broken(3, '/partners/embed', 'partners only', 'signed-in readers')],
    },
    {
      why: "to a narrower category's index, by its path",
      own: READERS,
      body: '[all](/category/partners)',
      expected: [broken(1, '/category/partners', 'partners only', 'signed-in readers')],
    },
    {
      why: 'by reference, at its definition',
      own: READERS,
      body: 'See [e][def].\n\n[def]: /partners/embed',
      expected: [broken(3, '/partners/embed', 'partners only', 'signed-in readers')],
    },
    {
      why: 'in raw HTML',
      own: READERS,
      body: '<p><a href="/staff/list">list</a></p>',
      expected: [broken(1, '/staff/list', 'staff only', 'signed-in readers')],
    },
    {
      why: 'from a public page to a signed-in one',
      own: PUBLIC,
      body: '[r](/Reference/Reply)',
      expected: [broken(1, '/Reference/Reply', 'signed-in readers', 'anyone (public)')],
    },
    {
      why: 'from a page for two audiences to one of them',
      own: ['partners', 'staff'],
      body: '[l](../staff/list.md)',
      expected: [broken(1, '/staff/list', 'staff only', 'partners and staff only')],
    },
    {
      why: 'with a broken anchor too: both',
      own: READERS,
      body: '[e](/partners/embed#nope)',
      expected: [
        '1: link: broken anchor #nope: /partners/embed has no such heading or id',
        broken(1, '/partners/embed', 'partners only', 'signed-in readers'),
      ],
    },
  ] satisfies {why: string; own: Condition | undefined; body: string; expected: string[]}[])('$why', ({own, body, expected}) => {
    expect(crossingsFor(own, body)).toEqual(expected);
  });
});

describe('readSite and checkSite: who reads what, as the build decides it', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'check-docs-audiences-'));
  afterAll(() => rmSync(root, {recursive: true, force: true}));
  const BASE: Record<string, string> = {
    'versions.json': '["1.0"]',
    'current-version.json': '{"label": "2.0"}',
    'docs/intro.md': '# Intro\n',
    'versioned_docs/version-1.0/intro.md': '# Intro\n',
  };
  const AUDIENCES = ['{', '  "audiences": {', '    "partners": "Partner companies",', '    "staff": "The team"', '  }', '}'].join('\n');
  let sites = 0;
  /** The report on a site of these files (beside two versions' intro pages), without its count line. */
  async function reportOn(files: Record<string, string>): Promise<string[]> {
    const siteDir = path.join(root, String(sites++));
    writeFiles(siteDir, {...BASE, ...files});
    const site = await readSite(siteDir, []);
    return formatReport(checkSite(site), site.docs.length).split('\n').slice(0, -1);
  }
  const category = (audience: string, extra = '') => `{\n  "label": "Team",${extra}\n  "customProps": {"audience": ${audience}}\n}\n`;

  it.each<{why: string; files: Record<string, string>; expected: unknown[]}>([
    {why: 'a site that says nothing about audiences', files: {'docs/a.md': '# A\n\n[i](./intro.md)\n'}, expected: []},
    {
      why: 'an audience not defined, in front matter',
      files: {'audiences.json': AUDIENCES, 'docs/a.md': '---\ntitle: A\naudience: ghosts\n---\n'},
      expected: ['docs/a.md:3: error: audience "ghosts" is not defined in audiences.json (defined: partners, staff)'],
    },
    {
      why: "an audience not defined, in a folder's _category_.json",
      files: {'audiences.json': AUDIENCES, 'docs/team/_category_.json': category('"ghosts"'), 'docs/team/a.md': '# A\n'},
      expected: ['docs/team/_category_.json:3: error: audience "ghosts" is not defined in audiences.json (defined: partners, staff)'],
    },
    {
      why: 'an audience not defined, for a version, and a version the site does not have',
      files: {
        'audiences.json': '{\n  "audiences": {"staff": "The team"},\n  "versions": {\n    "1.0": "ghosts",\n    "3.0": "staff"\n  }\n}\n',
      },
      expected: [
        'audiences.json:4: error: audience "ghosts" is not defined in audiences.json (defined: staff)',
        'audiences.json:5: error: "3.0" is not a version of this site (current, 1.0)',
      ],
    },
    {
      why: 'a page wider than its folder',
      files: {
        'audiences.json': AUDIENCES,
        'docs/team/_category_.json': category('"staff"'),
        'docs/team/a.md': '---\ntitle: A\naudience: [partners, staff]\n---\n',
      },
      expected: [
        "docs/team/a.md:3: error: the page is for partners, staff, wider than what encloses it (staff): a level may narrow its folder's and version's audience, never widen it",
      ],
    },
    {
      why: 'a folder wider than its version',
      files: {
        'audiences.json': '{\n  "audiences": {"partners": "", "staff": ""},\n  "versions": {"1.0": "staff"}\n}\n',
        'versioned_docs/version-1.0/team/_category_.json': category('"partners"'),
        'versioned_docs/version-1.0/team/a.md': '# A\n',
      },
      expected: [
        "versioned_docs/version-1.0/team/_category_.json:3: error: the folder team is for partners, wider than what encloses it (staff): a level may narrow its folder's and version's audience, never widen it",
      ],
    },
    {
      why: "a folder's own page narrower than the pages inside",
      files: {'audiences.json': AUDIENCES, 'docs/team/index.md': '---\ntitle: Team\naudience: staff\n---\n', 'docs/team/a.md': '# A\n'},
      expected: [
        "docs/team/index.md:3: error: the folder's own page is for staff, but pages inside the folder are for every reader: its sidebar category links here, so give the audience to the folder (customProps.audience in _category_.json) or widen this page",
      ],
    },
    {
      why: 'tags on a page with an audience',
      files: {'audiences.json': AUDIENCES, 'docs/a.md': '---\ntitle: A\naudience: staff\ntags: [release]\n---\n'},
      expected: [
        'docs/a.md:4: error: a page with an audience cannot have tags: the tags pages, which every reader sees, would list and count it',
      ],
    },
    {
      why: 'tags on a public page beside tagged pages for readers',
      files: {
        'audiences.json': AUDIENCES,
        'docs/a.md': '---\ntitle: A\naudience: public\ntags: [release]\n---\n',
        'docs/b.md': '---\ntitle: B\ntags: [release]\n---\n',
      },
      expected: [
        'docs/a.md:4: error: a public page cannot have tags while pages for signed-in readers of its version have some: the tags pages, which visitors see, would list and count those',
      ],
    },
    {
      why: 'an audience name authors cannot use',
      files: {'audiences.json': '{\n  "audiences": {\n    "Partners": ""\n  }\n}\n'},
      expected: [
        'audiences.json:3: error: "Partners" is not an audience name: lower case letters, digits and inner hyphens, at most 40 (and not "public", which needs no definition)',
      ],
    },
    {
      why: 'audiences.json that is not JSON',
      files: {'audiences.json': '{"audiences": {'},
      expected: [expect.stringMatching(/^audiences\.json:1: error: is not valid JSON: /)],
    },
    {
      why: "links to a folder's pages and index, from a page for more readers",
      files: {
        'audiences.json': AUDIENCES,
        'docs/partners/_category_.json':
          '{"label": "Partners", "link": {"type": "generated-index"}, "customProps": {"audience": "partners"}}',
        'docs/partners/embed.md': '# Embed\n\n[i](../intro.md)\n',
        'docs/intro.md': '# Intro\n\n[e](./partners/embed.md) and [all](/category/partners)\n',
      },
      expected: [
        'docs/intro.md:3: error: links to /partners/embed, a page for partners only, from a page for signed-in readers: for the other readers of this page it is a broken link (the built page shows its text only)',
        'docs/intro.md:3: error: links to /category/partners, a page for partners only, from a page for signed-in readers: for the other readers of this page it is a broken link (the built page shows its text only)',
      ],
    },
    {
      why: "links to a sidebars file's category page, which holds partners' pages only",
      files: {
        'audiences.json': AUDIENCES,
        'sidebars.json': JSON.stringify({
          docs: [
            'intro',
            {type: 'category', label: 'Partners', link: {type: 'generated-index', slug: '/partners-area'}, items: ['a', 'b']},
          ],
        }),
        'docs/a.md': '---\naudience: partners\n---\n\n# A\n',
        'docs/b.md': '---\naudience: partners\n---\n\n# B\n',
        'docs/intro.md': '# Intro\n\n[the partners](/partners-area)\n',
      },
      expected: [
        'docs/intro.md:3: error: links to /partners-area, a page for partners only, from a page for signed-in readers: for the other readers of this page it is a broken link (the built page shows its text only)',
      ],
    },
  ])('$why', async ({files, expected}) => {
    expect(await reportOn(files)).toEqual(expected);
  });
});

describe('readSite and checkSite: MDX in a .md file, and what it imports, as the build resolves it', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'check-docs-formats-'));
  afterAll(() => rmSync(root, {recursive: true, force: true}));
  let sites = 0;
  async function reportOn(files: Record<string, string>): Promise<string[]> {
    const siteDir = path.join(root, String(sites++));
    const base = {'versions.json': '[]', 'current-version.json': '{"label": "2.0"}', 'docs/intro.md': '# Intro\n'};
    writeFiles(siteDir, {...base, ...files});
    // The packages this repository installs, as a team's site has its own.
    symlinkSync(path.resolve('node_modules'), path.join(siteDir, 'node_modules'), 'dir');
    const site = await readSite(siteDir, []);
    return formatReport(checkSite(site), site.docs.length).split('\n');
  }
  const TABS =
    "# Tabs\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n<TabItem value=\"a\">\n\nSee [the intro](./intro.md#intro).\n\n</TabItem>\n</Tabs>\n";

  it.each<{why: string; files: Record<string, string>; expected: (string | RegExp)[]}>([
    {
      why: 'MDX in a .md file is read as MDX: nothing to do, and its links are checked',
      files: {'docs/tabs.md': TABS},
      expected: ['check:docs: 2 docs, 0 errors, 0 warnings'],
    },
    {
      why: 'a broken link inside its component is found',
      files: {'docs/tabs.md': TABS.replace('#intro', '#nowhere')},
      expected: [
        'docs/tabs.md:9: error: broken anchor #nowhere: /intro has no such heading or id',
        'check:docs: 2 docs, 1 error, 0 warnings',
      ],
    },
    {
      why: 'MDX the build cannot compile is named with its file and line',
      files: {'docs/tabs.md': "# Tabs\n\nimport Tabs from '@theme/Tabs';\n\n<Tabs>\n<!-- not in MDX -->\n</Tabs>\n"},
      expected: [/^docs\/tabs\.md:6: error: not valid MDX: /, 'check:docs: 2 docs, 1 error, 0 warnings'],
    },
    {
      why: 'what it imports resolves: a theme component, the client API, a package, a file of the site, one beside the doc',
      files: {
        'src/components/Badge.tsx': 'export default function Badge() { return null; }\n',
        'docs/parts/_note.mdx': 'A note.\n',
        'docs/imports.mdx': [
          '# Imports',
          '',
          "import Tabs from '@theme/Tabs';",
          "import Link from '@docusaurus/Link';",
          "import clsx from 'clsx';",
          "import Badge from '@site/src/components/Badge';",
          "import Note from './parts/_note.mdx';",
          '',
          '<Note />',
        ].join('\n'),
      },
      expected: ['check:docs: 2 docs, 0 errors, 0 warnings'],
    },
    {
      why: 'what it imports that the build cannot find is named with its line, a missing package with the command that installs it',
      files: {
        'docs/imports.md': [
          '# Imports',
          '',
          "import Chart from 'react-chart-nowhere/line';",
          "import {Pill} from '@acme/docs-kit';",
          "import Missing from '@theme/NoSuchThing';",
          "import Local from './missing-component';",
          "export {Helper} from '@site/src/helpers';",
          "import Absolute from '/nowhere/Component';",
          '',
          '<Chart />',
        ].join('\n'),
      },
      expected: [
        'docs/imports.md:3: error: imports react-chart-nowhere/line, a package this site does not have: install it with `npm install --save-dev react-chart-nowhere` (a dev dependency: the build needs it, the gate server does not)',
        'docs/imports.md:4: error: imports @acme/docs-kit, a package this site does not have: install it with `npm install --save-dev @acme/docs-kit` (a dev dependency: the build needs it, the gate server does not)',
        'docs/imports.md:5: error: imports @theme/NoSuchThing: no such theme component in src/theme or the installed themes',
        'docs/imports.md:6: error: imports ./missing-component: no such file',
        'docs/imports.md:7: error: imports @site/src/helpers: no such file',
        'docs/imports.md:8: error: imports /nowhere/Component: no such file',
        'check:docs: 2 docs, 6 errors, 0 warnings',
      ],
    },
  ])('$why', async ({files, expected}) => {
    const report = await reportOn(files);
    expect(report).toHaveLength(expected.length);
    expected.forEach((line, index) => (typeof line === 'string' ? expect(report[index]).toBe(line) : expect(report[index]).toMatch(line)));
  });
});

describe("readSite: a frozen version's generated landing, only where Docusaurus makes one", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'check-docs-landing-'));
  afterAll(() => rmSync(root, {recursive: true, force: true}));
  const BASE: Record<string, string> = {
    'versions.json': '["1.0"]',
    'current-version.json': '{"label": "2.0"}',
    'docs/intro.md': '# Intro\n\n[the old docs](/1.0)\n',
    'versioned_docs/version-1.0/intro.md': '# Intro\n',
  };
  const broken = ['docs/intro.md:3: error: broken link /1.0: no page or file at /1.0'];

  it.each<{why: string; files: Record<string, string>; expected: string[]}>([
    {
      why: 'a sidebar generated from the folder',
      files: {'versioned_sidebars/version-1.0-sidebars.json': '{"docs": [{"type": "autogenerated", "dirName": "."}]}'},
      expected: [],
    },
    {
      why: 'a sidebar listed by hand: the version opens on its first page',
      files: {'versioned_sidebars/version-1.0-sidebars.json': '{"docs": ["intro"]}'},
      expected: broken,
    },
    {why: 'no sidebars file: Docusaurus gives the version no sidebar', files: {}, expected: broken},
  ])('$why', async ({why, files, expected}) => {
    const siteDir = path.join(root, why.replace(/\W+/g, '-'));
    writeFiles(siteDir, {...BASE, ...files});
    const site = await readSite(siteDir, []);
    expect(formatReport(checkSite(site), site.docs.length).split('\n').slice(0, -1)).toEqual(expected);
  });
});
