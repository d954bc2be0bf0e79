import {describe, expect, it} from 'vitest';
import {isPageHeading, leadingHeading, plainHeadingText, sameName, titleFromContent} from '../../plugins/markdown/pageTitle';
import {addedFrontMatter, docPlace, ROOT_INDEX_SLUG} from '../../plugins/markdown/docFrontMatter';

describe('leadingHeading', () => {
  it.each([
    {body: '# Title\n\nText', expected: {depth: 1, text: 'Title'}},
    {body: '<h1 align="center">Fastify</h1>\n\n## Lifecycle\n', expected: {depth: 2, text: 'Lifecycle'}},
    {body: '<!-- a comment\nover two lines -->\n\n### `Content-Type` Parser', expected: {depth: 3, text: 'Content-Type Parser'}},
    {body: "import Tabs from '@theme/Tabs';\n\n## Install {#install}", expected: {depth: 2, text: 'Install'}},
    {body: '<a id="top"></a>\n## [Reply](#reply) ##', expected: {depth: 2, text: 'Reply'}},
    {body: 'Text first.\n\n# Title', expected: undefined},
    {body: '> A quote\n\n# Title', expected: undefined},
    {body: '', expected: undefined},
  ])('$body', ({body, expected}) => {
    expect(leadingHeading(body)).toEqual(expected);
  });
});

describe('plainHeadingText', () => {
  it.each([
    {source: '**Bold** and _em_ and `code`', expected: 'Bold and em and code'},
    {source: 'fastify.FastifyReply\\<[RequestGeneric][x]>', expected: 'fastify.FastifyReply<RequestGeneric>'},
    {source: 'snake_case_name', expected: 'snake_case_name'},
  ])('$source → $expected', ({source, expected}) => {
    expect(plainHeadingText(source)).toBe(expected);
  });
});

describe('sameName', () => {
  it.each([
    {a: 'Getting-Started', b: 'Getting Started', expected: true},
    {a: 'HTTP2', b: 'HTTP/2', expected: true},
    {a: 'Server', b: 'Factory', expected: false},
    {a: '---', b: '***', expected: false},
  ])('$a ~ $b: $expected', ({a, b, expected}) => {
    expect(sameName(a, b)).toBe(expected);
  });
});

describe('titleFromContent', () => {
  it.each([
    {
      why: 'a # heading is the title',
      body: '# V5 Migration Guide',
      file: {name: 'Migration-Guide-V5', folder: 'Guides'},
      expected: 'V5 Migration Guide',
    },
    {
      why: 'a ## heading naming the file',
      body: '<h1>Fastify</h1>\n\n## Getting Started',
      file: {name: 'Getting-Started', folder: 'Guides'},
      expected: 'Getting Started',
    },
    {why: 'a ## heading naming something else', body: '## Factory', file: {name: 'Server', folder: 'Reference'}, expected: undefined},
    {
      why: "a folder's own page takes its heading",
      body: '## Core Documents',
      file: {name: 'Index', folder: 'Reference'},
      expected: 'Core Documents',
    },
    {why: 'text first: the file name', body: '> An article', file: {name: 'Prototype-Poisoning', folder: 'Guides'}, expected: undefined},
  ])('$why', ({body, file, expected}) => {
    expect(titleFromContent(body, file)).toBe(expected);
  });
});

describe('isPageHeading', () => {
  it.each([
    {heading: {depth: 2, text: 'Lifecycle'}, title: 'Lifecycle', expected: true},
    {heading: {depth: 1, text: 'Lifecycle'}, title: 'Lifecycle', expected: false},
    {heading: {depth: 2, text: 'Factory'}, title: 'Server', expected: false},
    {heading: undefined, title: 'Server', expected: false},
  ])('$heading.text as $title: $expected', ({heading, title, expected}) => {
    expect(isPageHeading(heading, title)).toBe(expected);
  });
});

describe('addedFrontMatter', () => {
  const atRoot = (relativePath: string) => ({relativePath, atSiteRoot: true});
  it.each([
    {
      why: 'a title from the heading',
      place: atRoot('Guides/Getting-Started.md'),
      fm: {},
      body: '## Getting Started',
      expected: {title: 'Getting Started'},
    },
    {
      why: "the author's title wins",
      place: atRoot('Guides/Getting-Started.md'),
      fm: {title: 'Start'},
      body: '## Getting Started',
      expected: {},
    },
    {
      why: "a folder's page: the folder names the category",
      place: atRoot('Reference/Index.md'),
      fm: {},
      body: '## Core Documents',
      expected: {title: 'Core Documents', sidebar_label: 'Reference'},
    },
    {
      why: 'the root index of the version at the site root: first, at the overview path',
      place: atRoot('index.md'),
      fm: {},
      body: 'The documentation is split in two.',
      expected: {sidebar_position: 0, title: 'Overview', slug: ROOT_INDEX_SLUG},
    },
    {
      why: "an older version's root README: its landing page, first",
      place: {relativePath: 'README.md', atSiteRoot: false},
      fm: {},
      body: '# Handbook',
      expected: {title: 'Handbook', sidebar_position: 0},
    },
    {
      why: 'a slug the author set stays',
      place: atRoot('index.md'),
      fm: {slug: '/start', title: 'Start'},
      body: '',
      expected: {sidebar_position: 0},
    },
  ])('$why', ({place, fm, body, expected}) => {
    expect(addedFrontMatter(place, fm, body)).toEqual(expected);
  });
});

describe('docPlace', () => {
  const versions = [
    {docsDir: 'docs', route: ''},
    {docsDir: 'versioned_docs/version-1.0', route: '1.0'},
  ];
  it.each([
    {file: '/site/docs/Guides/Testing.md', expected: {relativePath: 'Guides/Testing.md', atSiteRoot: true}},
    {file: '/site/versioned_docs/version-1.0/index.md', expected: {relativePath: 'index.md', atSiteRoot: false}},
    {file: '/site/docs/_partials/steps.md', expected: undefined},
    {file: '/site/src/pages/about.md', expected: undefined},
  ])('$file', ({file, expected}) => {
    expect(docPlace('/site', versions, file)).toEqual(expected);
  });
});
