import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {GlobExcludeDefault} from '@docusaurus/utils';
import {authSettingsOf} from './src/auth/settings';
import {readBuildSettings} from './contracts/buildSettings';
import {SettingError, settingsOrExit} from './contracts/envSettings';
import {parseMediaOrigins} from './contracts/mediaOrigins';
import type {ServedBuildOptions} from './plugins/servedBuild';
import type {BlockedMediaOptions} from './plugins/blockedMedia';
import type {SearchOptions} from './plugins/search';
import {SEARCH_PLUGIN} from './plugins/search/name';
import {folderSections} from './plugins/search/sections';
import {AUDIENCES_FILE} from './plugins/audiences/declarations';
import type {AudiencesOptions} from './plugins/audiences';
import {darkCodeTheme, lightCodeTheme} from './plugins/codeThemes';
import {docsSettings} from './plugins/docsSettings';
import {SIDEBAR_LINKS_ITEM, siteContactOf, type SiteWording} from './contracts/siteSettings';
import site from './site.config';
import {WHOLE_NAVBAR_BEFORE_FIRST_PAINT} from './contracts/pageLayout';

// NODE_ENV is Docusaurus's own (`development` in the dev server), the rest the build's settings.
// The dev server has no gate server in front of it, so the browser gate does the hiding there.
const isDevServer = process.env.NODE_ENV === 'development';
const {auth, precompress, mediaOrigins} = settingsOrExit('Tutorial Hub build', () => {
  const settings = readBuildSettings(process.env);
  const auth = authSettingsOf(settings, isDevServer ? 'client' : 'server');
  // Without the gate server every file goes to every reader: a build for static hosting cannot keep audiences apart.
  if (auth.gateMode === 'client' && !isDevServer && existsSync(path.join(__dirname, AUDIENCES_FILE))) {
    throw new SettingError(
      `${AUDIENCES_FILE} gives pages audiences, which only the gate server enforces: build with TUTORIAL_HUB_GATE=server.`,
    );
  }
  return {auth, precompress: settings.TUTORIAL_HUB_PRECOMPRESS === '1', mediaOrigins: parseMediaOrigins(settings.MEDIA_ORIGINS)};
});
// The docs as the build and check:docs load them: versions, the docs plugin's options, their Markdown.
const {versions, docs: docsOptions, markdown} = docsSettings(__dirname, site);
// Behind the gate server /login is the login build's (docusaurus.login.config.ts), which it serves to everyone: the
// site has no login page of its own. Without the gate (the dev server, a static host, the benchmarks' plain anchor)
// the site is all there is, and the browser gate sends a signed-out visitor to its own /login.
const loginPageInSite = isDevServer || auth.gateMode !== 'server';

const searchOptions = {
  // The search plugin indexes the docs only (plugins/search splits its index into what the box loads).
  indexer: {
    indexDocs: true,
    indexBlog: false,
    indexPages: false,
    docsRouteBasePath: '/',
    language: ['en'],
    // Code blocks are indexed: readers search for the command they need (`npx docusaurus serve`), a
    // config key or an identifier. A code block's title and an admonition's label ("Terminal", "tip")
    // are labels: in an excerpt they run into the sentence that follows. The theme's CSS-module
    // classes, whatever their hash.
    ignoreCssSelectors: ['[class*="codeBlockTitle_"]', '[class*="admonitionHeading_"]'],
  },
  // The top-level sections of each version: the box puts the reader's own section first. A version whose
  // docs folder is flat gets its sidebars' top-level categories instead.
  ...folderSections(__dirname, versions),
} satisfies SearchOptions;

const config: Config = {
  title: site.title,
  tagline: site.tagline,
  favicon: 'img/favicon.svg',
  // static/ is public (the login build serves it to anyone); static-docs/ holds the docs' own files.
  staticDirectories: ['static', 'static-docs'],

  future: {
    v4: true,
    // Rspack and SWC (Docusaurus Faster): the bundler bench/HISTORY.md measured against webpack.
    experimental_faster: true,
  },

  headTags: [WHOLE_NAVBAR_BEFORE_FIRST_PAINT],

  url: site.url,
  baseUrl: '/',
  trailingSlash: false,

  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
  // `npm run check:docs` fails on a broken anchor (with its file and line, all at once) and, like GitHub and the
  // site's own scrolling (src/clientModules/anchorCase.ts), takes an id that differs only in letter case,
  // which Docusaurus's check does not: here the build lists them.
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'throw',

  // The docs' Markdown as check:docs reads it too (plugins/docsSettings.ts).
  markdown,

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {direction: 'ltr', htmlLang: 'en'}},
  },

  // `contact`: how a reader the login page refuses asks for access (src/login/RefusedPanel.tsx).
  customFields: {auth, contact: siteContactOf(site.contact), site: {home: site.home} satisfies SiteWording},

  presets: [
    [
      'classic',
      {
        // The docs plugin is added below, wrapped to know who reads what (plugins/audiences/docs.ts).
        docs: false,
        blog: false,
        pages: {exclude: [...GlobExcludeDefault, ...(loginPageInSite ? [] : ['login.tsx'])]},
        theme: {customCss: ['./src/css/custom.css', ...site.customCss]},
        sitemap: false,
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    ['./plugins/audiences/docs.ts', docsOptions],
    // The sidebars' labels go to the navbar through its global data, where each reader gets only those of the sidebars they may open.
    ['./plugins/audiences/index.ts', {sidebarLabels: site.sidebarLabels} satisfies AudiencesOptions],
    [SEARCH_PLUGIN, searchOptions],
    './plugins/docsOverview/index.ts',
    ['./plugins/blockedMedia.ts', {mediaOrigins} satisfies BlockedMediaOptions],
    [
      './plugins/servedBuild.ts',
      {
        // The login page (of the login build, or of a site without the gate) starts the Firebase client at once:
        // its chunk is preloaded rather than found by main.js.
        extraChunkGroups: {'/login': ['auth-client']},
        precompress,
        search: searchOptions,
      } satisfies ServedBuildOptions,
    ],
  ],

  // A page whose code cannot be loaded gets a screen saying so, inside the chrome (the login build too);
  // a link's #fragment that differs from an id only in letter case still scrolls to it; the pages a reader
  // moves to inside the site are counted for insights (not in the login build).
  clientModules: [
    require.resolve('./src/clientModules/chunkFailure.ts'),
    require.resolve('./src/clientModules/anchorCase.ts'),
    require.resolve('./src/clientModules/insightsReads.ts'),
  ],

  themeConfig: {
    image: 'img/logo.svg',
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    ...(site.announcement === null
      ? {}
      : {
          announcementBar: {
            id: 'announcement',
            content: site.announcement,
            backgroundColor: '#1d3f72',
            textColor: '#ffffff',
            isCloseable: false,
          },
        }),
    navbar: {
      title: site.title,
      hideOnScroll: false,
      // Its size known before it loads: the title beside it does not move when it arrives.
      logo: {alt: `${site.title} logo`, src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {type: SIDEBAR_LINKS_ITEM, position: 'left'},
        {type: 'docsVersionDropdown', position: 'right'},
        ...site.navbarLinks.map((link) => ({...link, position: 'right' as const})),
        {type: 'custom-authUser', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'More',
          items: site.footerLinks.map((link) => ({...link})),
        },
      ],
      copyright: site.copyright,
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: ['bash', 'json'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
