import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import type {MDXComponentsObject} from '@theme/MDXComponents';
import ScrollingTable from '@site/src/components/ScrollRegion';

/**
 * A Markdown task list (`- [x] item`) renders a disabled checkbox with no name, announced as an
 * unlabelled control (axe rule `label`): name it by its state; the item's text follows it. (The
 * same gap in another Markdown renderer: https://github.com/markdown-it/markdown-it/issues/505.)
 */
function MDXInput(props: ComponentProps<'input'>): ReactNode {
  if (props.type !== 'checkbox' || props['aria-label'] !== undefined) return <input {...props} />;
  return <input {...props} aria-label={props.checked ? 'Done' : 'Not done'} />;
}

const components: MDXComponentsObject = {...MDXComponents, input: MDXInput, table: ScrollingTable};
export default components;
