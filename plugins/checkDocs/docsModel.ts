/**
 * The docs as the build loads them, and who may read what as the build decides it: check:docs takes
 * both from where the build does. Docusaurus's own docs plugin, with the build's options and Markdown
 * settings (plugins/docsSettings.ts), loads every version (each doc's address, the sidebars with their
 * categories' generated pages and the version landings); the audience model is computed from that by
 * the build's own function (plugins/audiences/model.ts). A category of a sidebars file with a generated
 * page is then decided as the build decides it, from what the category holds, wherever those docs live.
 *
 * The plugin is given what of a site's context it reads to load docs (its folder, its one locale, its
 * Markdown settings, Docusaurus's defaults for the rest through its config validation, an internal of
 * @docusaurus/core: a Node API is asked for upstream, facebook/docusaurus#4841): the build reads the
 * site's config, which check:docs needs not run.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import docsPlugin, {validateOptions} from '@docusaurus/plugin-content-docs';
import type {LoadedVersion, PluginOptions} from '@docusaurus/plugin-content-docs';
import type {LoadContext} from '@docusaurus/types';
import {validateConfig} from '@docusaurus/core/lib/server/configValidation.js';
import {normalizePluginOptions} from '@docusaurus/utils-validation';
import type {SiteSettings} from '../../contracts/siteSettings';
import {audienceModel, type AudienceModel} from '../audiences/model';
import {docsSettings, type DocsSettings} from '../docsSettings';

export interface DocsModel {
  versions: readonly LoadedVersion[];
  audiences: AudienceModel;
}

/** The team's site settings (site.config.ts), as far as loading the docs needs them; a folder of docs alone has defaults. */
async function siteSettingsOf(siteDir: string): Promise<Pick<SiteSettings, 'title' | 'remarkPlugins' | 'rehypePlugins'>> {
  const file = path.join(siteDir, 'site.config.ts');
  if (!existsSync(file)) return {title: 'Docs', remarkPlugins: [], rehypePlugins: []};
  return ((await import(pathToFileURL(file).href)) as {default: SiteSettings}).default;
}

/** What the docs plugin reads of its site's context to load the docs: a site in English at its root. */
function contextFor(siteDir: string, markdown: DocsSettings['markdown']): LoadContext {
  return {
    siteDir,
    generatedFilesDir: path.join(siteDir, '.docusaurus'),
    localizationDir: path.join(siteDir, 'i18n', 'en'),
    baseUrl: '/',
    outDir: path.join(siteDir, 'build'),
    i18n: {
      defaultLocale: 'en',
      locales: ['en'],
      path: 'i18n',
      currentLocale: 'en',
      localeConfigs: {en: {label: 'English', htmlLang: 'en', direction: 'ltr', calendar: 'gregory', path: 'en'}},
    },
    // Docusaurus's defaults for all else, as its config validation fills them in (the plugin prepares its Markdown loader as it is made).
    siteConfig: validateConfig(
      {title: 'Docs', url: 'https://docs.invalid', baseUrl: '/', markdown},
      path.join(siteDir, 'docusaurus.config.ts'),
    ),
  } as unknown as LoadContext;
}

/** The site's docs as its build loads them, and their audience model. Throws where Docusaurus would stop loading them. */
export async function loadDocsModel(siteDir: string): Promise<DocsModel> {
  const {docs, markdown} = docsSettings(siteDir, await siteSettingsOf(siteDir));
  const options = validateOptions({validate: normalizePluginOptions, options: docs} as never) as PluginOptions;
  const content = await (await docsPlugin(contextFor(siteDir, markdown), options)).loadContent!();
  return {versions: content.loadedVersions, audiences: audienceModel(siteDir, content.loadedVersions)};
}
