/**
 * The component tests' site, shaped as the browser tests' fixture site: 2.0 at the root and 1.0 under
 * /1.0, a few docs each, their search sections, and the pages' searchable text, which the fake search
 * worker (searchWorker.ts) indexes as the build does. `generated` is what `@generated/…` modules hold for
 * Docusaurus's client code (docusaurusModules.ts): the build writes them, with only what the components
 * read here.
 */
import type {DocusaurusConfig, GlobalData, I18n, RouteConfig, SiteMetadata, SiteStorage} from '@docusaurus/types';
import type {GlobalPluginData, GlobalVersion} from '@docusaurus/plugin-content-docs/client';
import {AUDIENCES_PLUGIN, type AudiencesGlobalData} from '../../../contracts/audiences';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData, type SearchSection} from '../../../contracts/searchSections';
import {SIDEBAR_LINKS_ITEM, type SiteContact} from '../../../contracts/siteSettings';
import type {AuthSettings} from '../../../src/auth/settings';
import type {SharedDoc} from '../../../src/versions/versionTarget';
import type {FixturePage} from '../../support/searchIndexFixture';
import {ONLY_IN_1_0} from '../../support/searchWords';

export const SITE_TITLE = 'Tutorial Hub';
export const CONTACT: SiteContact = {kind: 'email', address: 'docs-team@tutorial-hub.test'};

/** Behind the gate server, as the browser tests' sites are. */
const AUTH: AuthSettings = {
  firebase: {apiKey: 'demo-api-key', authDomain: 'demo-tutorial-hub.firebaseapp.com', projectId: 'demo-tutorial-hub'},
  emulatorHost: null,
  gateMode: 'server',
};

/** Ten guides that all talk of docs and pages, in sections of their own: more answers than the box shows. */
const GUIDES: FixturePage[] = Array.from({length: 10}, (_, n) => ({
  url: `/guides/guide-${n + 1}`,
  title: `Guide ${n + 1}`,
  breadcrumbs: ['Guides'],
  sections: [
    {text: `Guide ${n + 1} to the docs: how a page is written.`},
    {heading: `Docs page layout ${n + 1}`, text: 'Where each page of the docs puts its parts.'},
    {heading: `Docs page links ${n + 1}`, text: 'How a page of the docs links to another page.'},
    {heading: `Docs page names ${n + 1}`, text: 'What a page of the docs is called.'},
  ],
}));

/** The current version's pages (2.0, at the root). */
export const PAGES_2_0: FixturePage[] = [
  {url: '/overview', title: 'Overview', sections: [{text: 'What these tutorials teach, chapter by chapter, as the sidebar lists them.'}]},
  {
    url: '/chapter-1-introduction',
    title: 'Chapter 1: Introduction',
    sections: [{text: 'Start here.'}, {heading: 'What you will learn', text: 'How to read these tutorials.'}],
  },
  {
    url: '/Chapter 2_ Documentation',
    title: 'Chapter 2: Documentation',
    sections: [
      {heading: 'Sidebars', text: 'A sidebar lists the pages of a folder; each sidebar is generated.'},
      {heading: 'Front matter', text: 'Write sidebar_position: 4 in the front matter to order the sidebar.'},
      {heading: "What you'll learn", text: 'How the sidebar is made from the docs folder.'},
    ],
  },
  {url: '/reusable1', title: 'Reusable block', sections: [{text: 'A block of text that other pages reuse.'}]},
  {
    url: '/tutorial-basics/create-a-page',
    title: 'Create a Page',
    breadcrumbs: ['Tutorial - Basics'],
    sections: [{text: 'Add a Markdown file to make a page.'}],
  },
  ...GUIDES,
];

/** The frozen version's pages (1.0, under /1.0). */
export const PAGES_1_0: FixturePage[] = [
  {url: '/1.0/intro', title: 'Introduction to Tutorial Hub 1.0', sections: [{text: 'The first edition of the tutorials, page by page.'}]},
  {url: '/1.0/chapter-1-introduction', title: 'Chapter 1: Introduction', sections: [{text: 'Start here, in 1.0.'}]},
  {
    url: '/1.0/Collapsible',
    title: 'Collapsible Sections',
    breadcrumbs: ['Tutorials', 'Tutorial Hub 1.0'],
    sections: [{text: `A details element folds a section away, ${ONLY_IN_1_0} and quiet.`}],
  },
  {
    url: '/1.0/tutorial-basics/markdown-features',
    title: 'Markdown Features',
    breadcrumbs: ['Tutorial - Basics'],
    sections: [{text: 'Markdown gives the page its headings, lists and links.'}],
  },
  {
    url: '/1.0/tutorial-extras/manage-docs-versions',
    title: 'Manage Docs Versions',
    breadcrumbs: ['Tutorial - Extras'],
    sections: [{text: 'Freeze the docs as a version of their own, page by page.'}],
  },
];

export const SECTIONS: SearchSection[] = [
  {path: 'tutorial-basics', label: 'Tutorial - Basics (2.0)'},
  {path: 'guides', label: 'Guides (2.0)'},
  {path: '1.0/tutorial-basics', label: 'Tutorial - Basics (1.0)'},
  {path: '1.0/tutorial-extras', label: 'Tutorial - Extras (1.0)'},
];

/** A version of the docs plugin's global data, its docs from its pages (the first is its main doc and its sidebar's link). */
function docsVersion(version: Pick<GlobalVersion, 'name' | 'label' | 'path' | 'isLast'>, pages: readonly FixturePage[]): GlobalVersion {
  const root = version.path === '/' ? '/' : `${version.path}/`;
  const docs = pages.map((page) => ({id: page.url.slice(root.length), path: page.url, sidebar: 'tutorialSidebar'}));
  return {
    ...version,
    mainDocId: docs[0]!.id,
    docs,
    draftIds: [],
    sidebars: {tutorialSidebar: {link: {path: docs[0]!.path, label: docs[0]!.id}}},
  };
}

const VERSIONS = [
  docsVersion({name: 'current', label: '2.0', path: '/', isLast: true}, PAGES_2_0),
  docsVersion({name: '1.0', label: '1.0', path: '/1.0', isLast: false}, PAGES_1_0),
];

// As the build annotates each doc (plugins/audiences/docs.ts): the versions with the same doc that every reader of
// this one may open, here every version that has it.
for (const version of VERSIONS) {
  for (const doc of version.docs as SharedDoc[]) {
    const alsoIn = VERSIONS.filter((other) => other !== version && other.docs.some(({id}) => id === doc.id)).map(({name}) => name);
    if (alsoIn.length > 0) doc.alsoIn = alsoIn;
  }
}

const DOCS: GlobalPluginData = {path: '/', versions: VERSIONS, breadcrumbs: true};

const globalData: GlobalData = {
  'docusaurus-plugin-content-docs': {default: DOCS},
  [SEARCH_PLUGIN_NAME]: {default: {sections: SECTIONS} satisfies SearchGlobalData},
  [AUDIENCES_PLUGIN]: {
    default: {
      publicPages: false,
      sidebarLinks: [{id: 'tutorialSidebar', label: 'Tutorials'}],
      markerKey: 'c0mp0nent',
    } satisfies AudiencesGlobalData,
  },
};

/** Only what the components and Docusaurus's client code read of the config. */
const siteConfig = {
  title: SITE_TITLE,
  titleDelimiter: '|',
  url: 'http://localhost:3000',
  baseUrl: '/',
  future: {experimental_router: 'browser'},
  customFields: {auth: AUTH, contact: CONTACT},
  // The site's navbar (docusaurus.config.ts), theme-classic's defaults for the rest.
  themeConfig: {
    colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false},
    docs: {versionPersistence: 'localStorage', sidebar: {hideable: false, autoCollapseCategories: false}},
    metadata: [],
    navbar: {
      title: SITE_TITLE,
      hideOnScroll: false,
      logo: {alt: `${SITE_TITLE} logo`, src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {type: SIDEBAR_LINKS_ITEM, position: 'left'},
        // With the defaults the config's validation adds.
        {
          type: 'docsVersionDropdown',
          position: 'right',
          dropdownItemsBefore: [],
          dropdownItemsAfter: [],
          dropdownActiveClassDisabled: false,
        },
        {type: 'custom-authUser', position: 'right'},
      ],
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
  },
} as unknown as DocusaurusConfig;

const i18n = {
  defaultLocale: 'en',
  locales: ['en'],
  currentLocale: 'en',
  path: 'i18n',
  localeConfigs: {
    en: {label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en', translate: false, url: '', baseUrl: '/'},
  },
} as unknown as I18n;

export const generated: Record<string, unknown> = {
  'docusaurus.config': siteConfig,
  globalData,
  i18n,
  codeTranslations: {},
  'site-metadata': {docusaurusVersion: '3.8.1', pluginVersions: {}} satisfies SiteMetadata,
  'site-storage': {type: 'localStorage', namespace: ''} satisfies SiteStorage,
  routes: [] satisfies RouteConfig[],
};
