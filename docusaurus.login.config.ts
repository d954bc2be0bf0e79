/**
 * The login page as a site of its own: the only build the gate serves to visitors who are not
 * signed in. It has the site's chrome (theme, colours, logo, announcement bar, footer, colour-mode
 * toggle), derived from docusaurus.config.ts, and nothing else: no docs, versions, sidebars or
 * search, so nothing it serves names a private page, and its size does not grow with the docs.
 * `npm run build` writes it to build/login, beside the site in build/site. What the page's navbar
 * offers is the site's one rule for /login (src/chrome/loginChrome.ts), not this build's.
 */
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import site from './docusaurus.config';
import {SEARCH_PLUGIN} from './plugins/search/name';
import {CHECKING_SCRIPT} from './src/login/checkingHint';
import siteSettings from './site.config';
import type {ServedBuildOptions} from './plugins/servedBuild';

const BLOCKED_MEDIA_PLUGIN = './plugins/blockedMedia.ts';
const SERVED_BUILD_PLUGIN = './plugins/servedBuild.ts';
/** The docs (with their audiences): none in this build. */
const DOCS_PLUGINS: ReadonlySet<string> = new Set(['./plugins/audiences/docs.ts', './plugins/audiences/index.ts']);
const pluginModule = (plugin: unknown) => (Array.isArray(plugin) ? plugin[0] : plugin) as unknown;
/** Counts moves between docs pages for insights: this build has none, and its visitors are nobody's readers yet. */
const INSIGHTS_READS_MODULE = require.resolve('./src/clientModules/insightsReads.ts');

const config: Config = {
  ...site,
  // Only the public files: the docs' own images live in static-docs/.
  staticDirectories: ['static'],
  // The readers' wording and sidebar labels (customFields.site) name the docs: not in the public build. The
  // site's contact is for the readers it refuses.
  customFields: {auth: site.customFields?.auth, contact: site.customFields?.contact},
  // Before the page is painted: a reader Firebase probably knows sees "Checking your sign-in…", not the form.
  headTags: [...(site.headTags ?? []), {tagName: 'script', attributes: {}, innerHTML: CHECKING_SCRIPT}],
  clientModules: (site.clientModules ?? []).filter((module) => module !== INSIGHTS_READS_MODULE),
  plugins: [
    // This filter keeps the docs' data out of the build a stranger gets: the docs plugin and their audiences
    // (routes, sidebars, versions, titles); search, which indexes them and whose global data names their
    // sections; the site's build already lists the docs' blocked media.
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
    () => ({
      name: 'login-build-one-page',
      configureWebpack: () => ({
        resolve: {
          alias: {
            // One page: any other address of this build is the login page. Its not-found page would otherwise be
            // a page with the site's chrome that is not /login, reading the docs' data this build has not.
            '@theme/NotFound': path.resolve(__dirname, 'src/login/LoginBuildNotFound.tsx'),
            // Weight, not the rule: /login shows no search box (src/chrome/loginChrome.ts), so this build leaves
            // the box's code out of the page's scripts (20 KiB of gzip) with the classic theme's empty SearchBar.
            '@theme/SearchBar': require.resolve('@docusaurus/theme-classic/lib/theme/SearchBar'),
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
};

export default config;
