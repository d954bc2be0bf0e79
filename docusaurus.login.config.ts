/**
 * The login page as a site of its own: the only build the gate serves to visitors who are not
 * signed in. It has the site's chrome (theme, colours, logo, announcement bar, footer, colour-mode
 * toggle), derived from docusaurus.config.ts, and nothing else: no docs, versions, sidebars or
 * search, so nothing it serves names a private page, and its size does not grow with the docs.
 * `npm run build` writes it to build/login, beside the site in build/site.
 */
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import site from './docusaurus.config';
import {SEARCH_PLUGIN} from './plugins/search/name';
import {CHECKING_SCRIPT} from './src/login/checkingHint';
import {SIDEBAR_LINKS_ITEM} from './contracts/siteSettings';
import siteSettings from './site.config';
import type {ServedBuildOptions} from './plugins/servedBuild';

const BLOCKED_MEDIA_PLUGIN = './plugins/blockedMedia.ts';
const SERVED_BUILD_PLUGIN = './plugins/servedBuild.ts';
/** The docs (with their audiences): none in this build. */
const DOCS_PLUGINS: ReadonlySet<string> = new Set(['./plugins/audiences/docs.ts', './plugins/audiences/index.ts']);
const pluginModule = (plugin: unknown) => (Array.isArray(plugin) ? plugin[0] : plugin) as unknown;

const siteTheme = site.themeConfig as Preset.ThemeConfig;
/** Navbar items that lead into the docs. */
const DOCS_ITEMS: ReadonlySet<string> = new Set(['docSidebar', 'doc', 'docsVersionDropdown', 'docsVersion', 'search', SIDEBAR_LINKS_ITEM]);

const config: Config = {
  ...site,
  // Only the public files: the docs' own images live in static-docs/.
  staticDirectories: ['static'],
  // The readers' wording and sidebar labels (customFields.site) name the docs: not in the public build.
  customFields: {auth: site.customFields?.auth, publicBuild: true},
  // Before the page is painted: a reader Firebase probably knows sees "Checking your sign-in…", not the form.
  headTags: [...(site.headTags ?? []), {tagName: 'script', attributes: {}, innerHTML: CHECKING_SCRIPT}],
  plugins: [
    // Search indexes docs this build does not have, and its global data names their sections; the site's
    // build already lists the docs' blocked media.
    ...(site.plugins ?? [])
      .filter((plugin) => {
        const module = pluginModule(plugin);
        return module !== SEARCH_PLUGIN && module !== BLOCKED_MEDIA_PLUGIN && !DOCS_PLUGINS.has(module as string);
      })
      // The search index's options name the docs' sections, and a plugin's options reach the browser's bundle.
      .map((plugin) => {
        if (!Array.isArray(plugin) || plugin[0] !== SERVED_BUILD_PLUGIN) return plugin;
        const {search: _search, ...options} = plugin[1] as ServedBuildOptions;
        return [SERVED_BUILD_PLUGIN, options] as [string, ServedBuildOptions];
      }),
    // src/theme/SearchBar scopes the box with the docs' sections and versions: compiled here, it would
    // carry their paths and labels into this public build. The navbar gets the classic theme's empty SearchBar
    // instead, and the not-found page the classic theme's text (ours searches the docs, which this build has not).
    () => ({
      name: 'login-build-without-docs-components',
      configureWebpack: () => ({
        resolve: {
          alias: {
            '@theme/SearchBar': require.resolve('@docusaurus/theme-classic/lib/theme/SearchBar'),
            '@theme/NotFound/Content': require.resolve('@docusaurus/theme-classic/lib/theme/NotFound/Content'),
          },
        },
      }),
    }),
  ],
  presets: [
    [
      'classic',
      {
        docs: false,
        blog: false,
        pages: {include: ['login.tsx']},
        theme: {customCss: ['./src/css/custom.css', ...siteSettings.customCss]},
        sitemap: false,
      } satisfies Preset.Options,
    ],
  ],
  themeConfig: {
    ...siteTheme,
    navbar: {...siteTheme.navbar, items: (siteTheme.navbar?.items ?? []).filter((item) => !DOCS_ITEMS.has(item.type ?? ''))},
  } satisfies Preset.ThemeConfig,
};

export default config;
