/**
 * Shows a doc's name once, first: when the heading a doc opens with (after an HTML banner, say) names
 * the page but is not a `#` heading, it becomes the page's H1, so Docusaurus does not add the title above
 * it as a second one (plugins/markdown/pageTitle.ts has the rule); and a page's H1 comes before such a
 * banner, where the page's name is read first (the search index, too, names a page by its first H1).
 */
import path from 'node:path';
import type {Heading, Root} from 'mdast';
import {toString} from 'mdast-util-to-string';
import type {VFile} from 'vfile';
import {isPageHeading, withoutHeadingId} from './pageTitle';

/** What may come before a doc's opening heading: HTML, imports and exports, MDX comments. */
const BEFORE_HEADING = new Set(['html', 'mdxjsEsm', 'mdxFlowExpression', 'mdxJsxFlowElement', 'comment']);

/** The heading as a reader reads it, from the tree the parser built: its text, without HTML or a `{#id}`. */
const headingText = (heading: Heading): string => withoutHeadingId(toString(heading, {includeHtml: false}));

export default function remarkPageHeading() {
  return (root: Root, file: VFile): void => {
    const opening = root.children.find((node) => !BEFORE_HEADING.has(node.type));
    if (opening?.type !== 'heading') return;
    const frontMatter = (file.data as {frontMatter?: {title?: unknown}}).frontMatter ?? {};
    const title = typeof frontMatter.title === 'string' ? frontMatter.title : path.parse(file.path).name;
    if (isPageHeading({depth: opening.depth, text: headingText(opening)}, title)) opening.depth = 1;
    const at = root.children.indexOf(opening);
    if (opening.depth === 1 && at > 0) root.children.unshift(...root.children.splice(at, 1));
  };
}
