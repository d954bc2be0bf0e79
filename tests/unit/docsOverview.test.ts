import {describe, expect, it} from 'vitest';
import {versionOverview, type DocsVersion} from '../../plugins/docsOverview/overview';
import {hasRootIndex} from '../../plugins/versionLanding';

const doc = (id: string, permalink: string, title = id) => ({id, title, description: `About ${title}.`, permalink});

describe('versionOverview', () => {
  it("lists the current version's top-level sidebar entries and starts at its first page", () => {
    const version: DocsVersion = {
      label: '2.0',
      path: '/',
      isLast: true,
      docs: [doc('intro', '/intro', 'Introduction'), doc('guides/index', '/guides', 'Guides'), doc('guides/setup', '/guides/setup')],
      sidebars: {
        tutorialSidebar: [
          {type: 'doc', id: 'intro'},
          {type: 'category', label: 'Guides', link: {type: 'doc', id: 'guides/index'}, items: [{type: 'doc', id: 'guides/setup'}]},
          {type: 'link'},
        ],
      },
    };
    expect(versionOverview(version)).toEqual({
      label: '2.0',
      isCurrent: true,
      start: '/intro',
      pages: 3,
      entries: [
        {title: 'Introduction', to: '/intro', description: 'About Introduction.'},
        {title: 'Guides', to: '/guides', description: 'About Guides.'},
      ],
    });
  });

  it("lists what is inside an older version's landing category, and starts at the landing", () => {
    const version: DocsVersion = {
      label: '1.0',
      path: '/1.0',
      isLast: false,
      docs: [doc('intro', '/1.0/intro'), doc('basics/first', '/1.0/basics/first')],
      sidebars: {
        tutorialSidebar: [
          {
            type: 'category',
            label: 'Tutorial Hub 1.0',
            link: {type: 'generated-index', permalink: '/1.0', description: 'Every page.'},
            items: [
              {type: 'doc', id: 'intro'},
              {
                type: 'category',
                label: 'Basics',
                link: {type: 'generated-index', permalink: '/1.0/category/basics', description: 'The basics.'},
                items: [{type: 'doc', id: 'basics/first'}],
              },
            ],
          },
        ],
      },
    };
    const overview = versionOverview(version);
    expect(overview.start).toBe('/1.0');
    expect(overview.pages).toBe(2);
    expect(overview.entries).toEqual([
      {title: 'intro', to: '/1.0/intro', description: 'About intro.'},
      {title: 'Basics', to: '/1.0/category/basics', description: 'The basics.'},
    ]);
  });
});

describe('hasRootIndex', () => {
  it.each([
    {docs: [{source: '@site/versioned_docs/version-1.0/index.md', sourceDirName: '.'}], expected: true},
    {docs: [{source: '@site/versioned_docs/version-1.0/README.md', sourceDirName: '.'}], expected: true},
    {docs: [{source: '@site/versioned_docs/version-1.0/guides/index.md', sourceDirName: 'guides'}], expected: false},
    {docs: [{source: '@site/versioned_docs/version-1.0/intro.md', sourceDirName: '.'}], expected: false},
  ])('$docs.0.source: $expected', ({docs, expected}) => {
    expect(hasRootIndex(docs)).toBe(expected);
  });
});
