/**
 * What the checker needs from one doc, read with the parser Docusaurus uses (remark, with GFM and, for
 * `.mdx`, MDX): its front matter, the ids a link can point at, and every link, image and embed with its line.
 */
import {createSlugger, parseMarkdownHeadingId} from '@docusaurus/utils';
import {toString} from 'mdast-util-to-string';
import type {Nodes, Root} from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';

export type ReferenceKind = 'link' | 'media';

export interface Reference {
  url: string;
  line: number;
  kind: ReferenceKind;
}

/** A module an MDX doc imports (or re-exports from), with its line. */
export interface DocImport {
  source: string;
  line: number;
}

export interface ParsedDoc {
  /** Every id on the page a `#fragment` can name: headings as Docusaurus slugs them, `{#id}`, HTML and JSX ids. */
  ids: string[];
  references: Reference[];
  /** What its `import … from` and `export … from` lines name: an MDX doc's only. */
  imports: DocImport[];
}

const HTML_ID = /\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const HTML_REFERENCE =
  /<(a|img|video|audio|source|iframe|embed|track)\b[^>]*?\s(href|src|poster)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const MEDIA_TAGS = new Set(['img', 'video', 'audio', 'source', 'iframe', 'embed', 'track']);

function lineOf(value: string, index: number, startLine: number): number {
  return startLine + (value.slice(0, index).match(/\n/g)?.length ?? 0);
}

function htmlIds(value: string): string[] {
  return [...value.matchAll(HTML_ID)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

function htmlReferences(value: string, startLine: number): Reference[] {
  return [...value.matchAll(HTML_REFERENCE)].map((match) => ({
    url: match[3] ?? match[4] ?? match[5]!,
    line: lineOf(value, match.index, startLine),
    kind: MEDIA_TAGS.has(match[1]!.toLowerCase()) || match[2]!.toLowerCase() === 'poster' ? 'media' : 'link',
  }));
}

interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}

/**
 * What a doc's text must hold to have media from another site, as parseDoc finds media: a Markdown image and
 * a destination with a scheme or starting with `//` (or an escape or entity that may spell one), inline or in
 * a reference definition; a media element (HTML or JSX), a `poster`. Which destination belongs to which image
 * is the parser's business: a doc with an image and a link to another site is parsed.
 */
const MARKDOWN_IMAGE = /!\[/;
const EXTERNAL_ADDRESS = /(?:[a-z\d+.\\&#;-]*(?::|&#0*58;|&#x0*3a;|&colon;)|\/\/|\\\/|&#)/.source;
const EXTERNAL_DESTINATION = new RegExp(
  `\\]\\(\\s*<?\\s*${EXTERNAL_ADDRESS}|^[ \\t]*\\[[^\\]\\n]+\\]:[ \\t]*<?[ \\t]*${EXTERNAL_ADDRESS}`,
  'im',
);
const MEDIA_ELEMENT = new RegExp(`<(?:${[...MEDIA_TAGS].join('|')})\\b|\\sposter\\s*=`, 'i');

/** Pure: whether parsing a doc can find media from another site in it; a doc without the hint needs no parse for that. */
export function mayHoldExternalMedia(text: string): boolean {
  return (MARKDOWN_IMAGE.test(text) && EXTERNAL_DESTINATION.test(text)) || MEDIA_ELEMENT.test(text);
}

export function parseDoc(body: string, format: 'md' | 'mdx'): ParsedDoc {
  const processor = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm);
  if (format === 'mdx') processor.use(remarkMdx);
  const tree = processor.parse(body) as Root;
  const slugger = createSlugger();
  const ids: string[] = [];
  const references: Reference[] = [];
  const imports: DocImport[] = [];
  /** What uses each definition: an image makes its address media, whatever else uses it. */
  const referenced = new Map<string, ReferenceKind>();
  const definitions: {identifier: string; url: string; line: number}[] = [];

  visit(tree, (node: Nodes) => {
    const line = node.position?.start.line ?? 1;
    switch (node.type) {
      case 'table': {
        // Cells beyond the header's are not rendered (GFM), nor are the ids in them.
        const columns = node.children[0]?.children.length ?? 0;
        for (const row of node.children) row.children.splice(columns);
        break;
      }
      case 'heading': {
        const text = toString(node.children.filter((child) => child.type !== 'html'));
        const parsed = parseMarkdownHeadingId(text);
        ids.push(parsed.id ?? slugger.slug(parsed.text, {maintainCase: false}));
        break;
      }
      case 'link':
        references.push({url: node.url, line, kind: 'link'});
        break;
      case 'image':
        references.push({url: node.url, line, kind: 'media'});
        break;
      case 'linkReference':
        if (!referenced.has(node.identifier)) referenced.set(node.identifier, 'link');
        break;
      case 'imageReference':
        referenced.set(node.identifier, 'media');
        break;
      case 'definition':
        definitions.push({identifier: node.identifier, url: node.url, line});
        break;
      case 'html':
        ids.push(...htmlIds(node.value));
        references.push(...htmlReferences(node.value, line));
        break;
      case 'mdxjsEsm':
        for (const statement of node.data?.estree?.body ?? []) {
          if (
            statement.type !== 'ImportDeclaration' &&
            statement.type !== 'ExportNamedDeclaration' &&
            statement.type !== 'ExportAllDeclaration'
          )
            continue;
          if (typeof statement.source?.value === 'string')
            imports.push({source: statement.source.value, line: statement.loc?.start.line ?? line});
        }
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const attributes = node.attributes as JsxAttribute[];
        for (const attribute of attributes) {
          if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
          if (attribute.name === 'id' || attribute.name === 'name') ids.push(attribute.value);
          if (attribute.name === 'href' || attribute.name === 'src') {
            const tag = node.name?.toLowerCase() ?? '';
            references.push({url: attribute.value, line, kind: MEDIA_TAGS.has(tag) ? 'media' : 'link'});
          }
        }
        break;
      }
    }
  });
  // A reference-style link or image is one where its address is written; a definition nobody uses is not on the page.
  for (const definition of definitions) {
    const kind = referenced.get(definition.identifier);
    if (kind) references.push({url: definition.url, line: definition.line, kind});
  }

  return {ids, references, imports};
}
