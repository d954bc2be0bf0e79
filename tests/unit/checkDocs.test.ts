import {describe, expect, it} from 'vitest';
import {checkSite, formatReport, type Doc, type Site} from '../../scripts/checkDocs/check';
import {parseDoc} from '../../scripts/checkDocs/parse';
import {docPermalink, generatedIndexPermalink} from '../../scripts/checkDocs/permalinks';

function doc(file: string, permalink: string, body: string): Doc {
  return {...parseDoc(body, file.endsWith('.mdx') ? 'mdx' : 'md'), file, permalink, readProblems: [], titleFromFileName: false};
}

function site(docs: Doc[], overrides: Partial<Site> = {}): Site {
  return {
    docs,
    otherPages: new Set(['/', '/search']),
    fileExists: (file) => ['static-docs/img/logo.svg', 'docs/resources/figure.svg'].includes(file),
    staticDirs: ['static', 'static-docs'],
    mediaOrigins: [],
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

/** The messages a one-link doc in docs/Guides gets, beside TARGET. */
function messagesFor(body: string, overrides: Partial<Site> = {}): string[] {
  const guide = doc('docs/Guides/Guide.md', '/Guides/Guide', body);
  return checkSite(site([guide, TARGET], overrides)).map((problem) => `${problem.line}: ${problem.message}`);
}

describe('checkSite: links and anchors', () => {
  it.each([
    {why: 'a relative link to a doc', body: '[r](../Reference/Reply.md)', expected: []},
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
  ])('$why', ({body, origins, expected}) => {
    expect(messagesFor(body, {mediaOrigins: origins})).toEqual(expected);
  });
});

describe('checkSite: the doc itself', () => {
  it('reports two docs served at one path, a title from the file name and MDX written in a .md file, with their lines', () => {
    const a = {...doc('docs/a.md', '/same', "import Tabs from '@theme/Tabs';\n\n<Tabs>\n</Tabs>"), titleFromFileName: true};
    const b = doc('docs/b.md', '/same', 'Text with `import x from "y"` in code.');
    const report = formatReport(checkSite(site([a, b])), 2).split('\n');
    expect(report).toEqual([
      'docs/a.md:1: error: served at /same, like docs/b.md',
      'docs/a.md:1: warning: no title: the page is named after its file (add `title` front matter or a `#` heading)',
      'docs/a.md:1: warning: looks written for MDX: rename the file .mdx, or add `format: mdx` front matter',
      'docs/a.md:3: warning: looks written for MDX: rename the file .mdx, or add `format: mdx` front matter',
      'docs/b.md:1: error: served at /same, like docs/a.md',
      'check:docs: 2 docs, 2 errors, 3 warnings',
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

  it('names a generated index after its label, or its slug', () => {
    expect(generatedIndexPermalink('1.0', 'Tutorial - Basics', undefined)).toBe('/1.0/category/tutorial---basics');
    expect(generatedIndexPermalink('', 'Guides', '/guides-overview')).toBe('/guides-overview');
  });
});
