/**
 * Which dialect a doc is compiled in. Docusaurus sites write MDX in `.md` files (MDX is Docusaurus's
 * default), docs written for GitHub write CommonMark in them; the site reads `.md` as CommonMark
 * (`markdown.format: 'detect'`), so a `.md` file whose body uses MDX (a top-level `import`/`export`, a
 * capitalised JSX component) is told apart here and compiled as MDX through the `mdx.format` front
 * matter Docusaurus reads (docFrontMatter.ts). The build and `check:docs` ask the same function.
 */
import type {Nodes, Root} from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {EXIT, visit} from 'unist-util-visit';

export type DocFormat = 'md' | 'mdx';

const ESM_LINE = /^import\s.+\sfrom\s+['"]|^export\s+(?:const|let|function|default)\b/;
const JSX_TAG = /^<[A-Z][\w.]*[\s/>]/;
/** A line that could start MDX syntax, outside fenced code: most CommonMark files have none, and are not parsed here at all. */
const MAYBE_MDX = /^(?:import\s|export\s|<[A-Z])/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Whether any line outside fenced code could start MDX syntax: a scan of lines, far cheaper than a parse. */
function mayBeMdx(text: string): boolean {
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null) {
      if (marker !== undefined) fence = marker;
      else if (MAYBE_MDX.test(line)) return true;
    } else if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
      fence = null;
    }
  }
  return false;
}

/** Pure: whether a line of text, as a page shows it, is MDX syntax (an `import`/`export` statement, a component's tag). */
export function isMdxSyntaxLine(line: string): boolean {
  return ESM_LINE.test(line) || JSX_TAG.test(line);
}

/** Pure: whether a CommonMark tree holds what only means something in MDX (not in code, which is text). */
function hasMdxSyntax(tree: Root): boolean {
  let found = false;
  visit(tree, (node: Nodes) => {
    const first = node.type === 'paragraph' ? node.children[0] : undefined;
    found = node.type === 'html' ? JSX_TAG.test(node.value) : first?.type === 'text' && ESM_LINE.test(first.value);
    return found ? EXIT : undefined;
  });
  return found;
}

/** Whether a `.md` file's text (front matter included or not) is written in MDX. */
export function writtenForMdx(text: string): boolean {
  if (!mayBeMdx(text)) return false;
  const tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).parse(text) as Root;
  return hasMdxSyntax(tree);
}

/** The format an author set with Docusaurus's `mdx: {format}` front matter, if any (`detect` is the extension's). */
function declaredFormat(frontMatter: Readonly<Record<string, unknown>>): DocFormat | 'detect' | undefined {
  const {mdx} = frontMatter;
  if (typeof mdx !== 'object' || mdx === null) return undefined;
  const {format} = mdx as {format?: unknown};
  return format === 'md' || format === 'mdx' || format === 'detect' ? format : undefined;
}

/** Pure but for parsing: the format a doc is compiled in. The author's front matter wins, then `.mdx`, then the body. */
export function docFormat(file: string, frontMatter: Readonly<Record<string, unknown>>, text: string): DocFormat {
  const declared = declaredFormat(frontMatter);
  if (declared === 'md' || declared === 'mdx') return declared;
  if (/\.mdx$/i.test(file)) return 'mdx';
  return declared === undefined && writtenForMdx(text) ? 'mdx' : 'md';
}
