/**
 * A link to a page that some readers of its own page may not open would give that page away to them
 * (its address, its title) and be broken for them: in the built page it is its text only. `npm run
 * check:docs` lists every such link for its author (plugins/checkDocs/check.ts); this keeps the ones
 * left from leaking. A `remarkPlugins` entry of the docs plugin: the Markdown loader runs those after
 * its own (resolveMarkdownLinks), so links to Markdown files are page addresses here. Who reads which
 * page comes from the docs plugin's conditions file (plugins/audiences/docs.ts); a site without
 * audiences has none, and its pages are left as they are.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {GENERATED_FILES_DIR_NAME} from '@docusaurus/utils';
import type {Nodes, Parent, Root} from 'mdast';
// The types of the MDX nodes (JSX elements) in a tree.
import type {} from 'remark-mdx';
import type {VFile} from 'vfile';
import {within} from '../../contracts/audiences';
import {conditionsFile} from './docs';
import {Conditions, type SiteConditions} from './siteConditions';

export interface AudienceLinksOptions {
  /** The site's folder: its generated files hold the conditions, and docs are known by their path in it. */
  siteDir: string;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
const HTML_LINK = /<a\b[^>]*>/gi;
const HTML_HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const HTML_HREF_OR_TITLE = /\s(?:href|title)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi;

/** The address of the page a link opens, from the page at `from`; undefined for another site or the page itself. */
export function linkedPage(url: string, from: string): string | undefined {
  const target = url.replace(/[?#].*$/, '');
  if (EXTERNAL.test(url) || target === '') return undefined;
  const pathname = new URL(target, `https://site.invalid${from}`).pathname;
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not valid percent-encoding: no page has such an address either.
  }
  return decoded.replace(/\/$/, '') || '/';
}

/** A raw HTML fragment with each `<a>` tag whose address is closed stripped of its `href` and `title`. */
function unlinkHtml(html: string, closed: (url: string | undefined) => boolean): string {
  return html.replace(HTML_LINK, (tag) => {
    const href = HTML_HREF.exec(tag);
    return closed(href?.[1] ?? href?.[2] ?? href?.[3]) ? tag.replace(HTML_HREF_OR_TITLE, '') : tag;
  });
}

/**
 * Each link `opens` refuses, made its text, in place: a Markdown link (inline or by reference, whose
 * definition goes too) becomes its content; a raw HTML or JSX `<a>` keeps its content and loses its
 * `href` and `title`.
 */
function unlinkClosed(root: Root, opens: (url: string) => boolean): void {
  const definitions = new Map<string, string>();
  const collect = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url);
    if ('children' in node) node.children.forEach(collect);
  };
  collect(root);
  const closed = (url: string | undefined) => url !== undefined && !opens(url);

  const walk = (parent: Parent) => {
    const children = parent.children as Nodes[];
    for (let index = 0; index < children.length; index++) {
      const node = children[index]!;
      if (node.type === 'link' || node.type === 'linkReference' || node.type === 'definition') {
        if (closed(node.type === 'linkReference' ? definitions.get(node.identifier) : node.url)) {
          children.splice(index, 1, ...(node.type === 'definition' ? [] : node.children));
          index--; // Its content moved into its place: look at that too.
          continue;
        }
      } else if (node.type === 'html') {
        node.value = unlinkHtml(node.value, closed);
      } else if ((node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') && node.name === 'a') {
        const href = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'href')?.value;
        if (typeof href === 'string' && closed(href)) {
          node.attributes = node.attributes.filter(
            (attribute) => attribute.type !== 'mdxJsxAttribute' || (attribute.name !== 'href' && attribute.name !== 'title'),
          );
        }
      }
      if ('children' in node) walk(node);
    }
  };
  walk(root);
}

function readConditions(file: string): Conditions | null {
  return existsSync(file) ? new Conditions(JSON.parse(readFileSync(file, 'utf8')) as SiteConditions) : null;
}

export default function remarkAudienceLinks({siteDir}: AudienceLinksOptions) {
  const file = conditionsFile(path.resolve(siteDir, GENERATED_FILES_DIR_NAME));
  return (root: Root, page: VFile): void => {
    // Read for each page: the docs plugin writes it after this plugin is made, and again as docs change.
    const conditions = readConditions(file);
    if (conditions === null) return;
    const permalink = conditions.data.files[path.relative(siteDir, page.path).split(path.sep).join('/')];
    // A partial (no page of its own) may be shown on any page: its links must suit the widest readers.
    const readers = (permalink === undefined ? undefined : conditions.page(permalink)) ?? conditions.base;
    unlinkClosed(root, (url) => {
      const target = linkedPage(url, permalink ?? '/');
      const condition = target === undefined ? undefined : conditions.page(target);
      return condition === undefined || within(readers, condition);
    });
  };
}
