/**
 * Shows a doc's name once, first: when the heading a doc opens with (after an HTML banner, say) names
 * the page but is not a `#` heading, it becomes the page's H1, so Docusaurus does not add the title above
 * it as a second one (plugins/markdown/pageTitle.ts has the rule); and a page's H1 comes before such a
 * banner, where the page's name is read first (the search index, too, names a page by its first H1).
 */
import path from 'node:path';
import type {Heading, Root} from 'mdast';
import type {VFile} from 'vfile';
import {isPageHeading, plainHeadingText} from './pageTitle';

/** What may come before a doc's opening heading: HTML, imports and exports, MDX comments. */
const BEFORE_HEADING = new Set(['html', 'mdxjsEsm', 'mdxFlowExpression', 'mdxJsxFlowElement', 'comment']);

function headingSource(heading: Heading, file: VFile): string {
  const {start, end} = heading.position ?? {};
  const source = start?.offset !== undefined && end?.offset !== undefined ? String(file.value).slice(start.offset, end.offset) : '';
  return plainHeadingText(source.replace(/^\s*#+\s*/, '').replace(/\s+#+\s*$/, ''));
}

export default function remarkPageHeading() {
  return (root: Root, file: VFile): void => {
    const opening = root.children.find((node) => !BEFORE_HEADING.has(node.type));
    if (opening?.type !== 'heading') return;
    const frontMatter = (file.data as {frontMatter?: {title?: unknown}}).frontMatter ?? {};
    const title = typeof frontMatter.title === 'string' ? frontMatter.title : path.parse(file.path).name;
    if (isPageHeading({depth: opening.depth, text: headingSource(opening, file)}, title)) opening.depth = 1;
    const at = root.children.indexOf(opening);
    if (opening.depth === 1 && at > 0) root.children.unshift(...root.children.splice(at, 1));
  };
}
