import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import type {MDXComponentsObject} from '@theme/MDXComponents';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import ScrollingTable from '@site/src/chrome/ScrollRegion';
import MDXCode from './Code';
import MDXPre from './Pre';

/**
 * A Markdown task list (`- [x] item`) renders a disabled checkbox with no name, announced as an
 * unlabelled control (axe rule `label`): name it by its state; the item's text follows it. (The
 * same gap in another Markdown renderer: https://github.com/markdown-it/markdown-it/issues/505.)
 */
function MDXInput(props: ComponentProps<'input'>): ReactNode {
  if (props.type !== 'checkbox' || props['aria-label'] !== undefined) return <input {...props} />;
  return <input {...props} aria-label={props.checked ? 'Done' : 'Not done'} />;
}

// Tabs and TabItem without an import: docs written for a Docusaurus site that registers them globally build as they are.
const components: MDXComponentsObject = {
  ...MDXComponents,
  code: MDXCode,
  pre: MDXPre,
  input: MDXInput,
  table: ScrollingTable,
  Tabs,
  TabItem,
};
export default components;
