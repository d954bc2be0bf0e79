/**
 * How a site's docs are loaded: the docs plugin's options and the Markdown settings of the build
 * (docusaurus.config.ts gives them), which check:docs loads the docs with too (plugins/checkDocs/docsModel.ts),
 * so that both find the same pages at the same addresses, in the same sidebars.
 */
import type {MarkdownConfig, ParseFrontMatter} from '@docusaurus/types';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {siteVersions, type SiteVersion} from '../contracts/siteVersions';
import type {SiteSettings} from '../contracts/siteSettings';
import {parseDocFrontMatter} from './markdown/docFrontMatter';
import remarkPageHeading from './markdown/remarkPageHeading';
import remarkAudienceLinks from './audiences/remarkAudienceLinks';
import {sidebarsFile} from './sidebarsFile';
import {versionLanding} from './versionLanding';

export interface DocsSettings {
  versions: SiteVersion[];
  docs: DocsOptions;
  markdown: Pick<MarkdownConfig, 'format'> & {parseFrontMatter: ParseFrontMatter};
}

export function docsSettings(siteDir: string, site: Pick<SiteSettings, 'title' | 'remarkPlugins' | 'rehypePlugins'>): DocsSettings {
  const versions = siteVersions(siteDir);
  return {
    versions,
    docs: {
      routeBasePath: '/',
      // The team's sidebars file as it is; without one, Docusaurus generates a sidebar from the folders.
      sidebarPath: sidebarsFile(siteDir),
      sidebarItemsGenerator: versionLanding(site.title, versions),
      beforeDefaultRemarkPlugins: [remarkPageHeading],
      // After Docusaurus's own, which make links to Markdown files page addresses: a link to a page some readers may not open becomes text.
      remarkPlugins: [...site.remarkPlugins, [remarkAudienceLinks, {siteDir}]],
      rehypePlugins: [...site.rehypePlugins],
      // The newest docs live at the root, or at the path version-settings.json gives them; each frozen version under its own (scripts/release-version.ts).
      lastVersion: 'current',
      versions: Object.fromEntries(versions.map(({name, label, route}) => [name, {label, path: route || '/'}])),
    },
    markdown: {
      // Docs written for GitHub build as they are: `.md` is CommonMark (raw HTML, comments, `<` in headings), `.mdx` is MDX.
      format: 'detect',
      parseFrontMatter: parseDocFrontMatter(siteDir, versions),
    },
  };
}
