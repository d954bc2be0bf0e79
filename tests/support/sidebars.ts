/** What the built site links to from its docs sidebars, read from the HTML readers get. */
import {readFileSync} from 'node:fs';
import {listBuildFiles} from '../../contracts/buildLayout';
import path from 'node:path';

export interface BuiltDocPage {
  url: string;
  unlisted: boolean;
  sidebarLinks: string[];
}

const SIDEBAR = /<nav aria-label="Docs sidebar"[^>]*>([\s\S]*?)<\/nav>/;
const HREF = /href=(?:"([^"]*)"|([^\s>]+))/g;

/** Every built doc page (Docusaurus marks them `docs-doc-page`), with the links of its sidebar. */
export function builtDocPages(buildDir: string): BuiltDocPage[] {
  return listBuildFiles(buildDir)
    .filter((file) => file.endsWith('.html'))
    .flatMap((file) => {
      const html = readFileSync(path.join(buildDir, file), 'utf8');
      if (!/<html[^>]*class="[^"]*docs-doc-page/.test(html)) return [];
      const sidebar = SIDEBAR.exec(html)?.[1] ?? '';
      const route = file.replace(/\.html$/, '');
      return [
        {
          url: `/${route}`,
          unlisted: /<meta[^>]*name=robots[^>]*noindex/.test(html),
          sidebarLinks: [...sidebar.matchAll(HREF)].map((match) => decodeURI(match[1] ?? match[2]!)),
        },
      ];
    });
}

/** Doc pages that no sidebar of the site links to (unlisted pages excepted). */
export function orphanedDocPages(buildDir: string): string[] {
  const pages = builtDocPages(buildDir);
  const linked = new Set(pages.flatMap((page) => page.sidebarLinks));
  return pages.filter((page) => !page.unlisted && !linked.has(page.url)).map((page) => page.url);
}
