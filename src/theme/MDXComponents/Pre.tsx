import {Children, isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/MDXComponents/Pre';
import MDXCode, {InsidePre} from './Code';

/**
 * A fenced block (`pre` > `code`) is the code block MDXCode draws; a raw `<pre>` of plain text or
 * other markup (written as HTML in a `.md` file) stays a `pre`, which the theme dropped.
 */
export default function MDXPre({children, ...props}: Props): ReactNode {
  const only = Children.toArray(children).filter((child) => !(typeof child === 'string' && child.trim() === ''));
  const code = only.length === 1 ? only[0] : undefined;
  if (isValidElement(code) && code.type === MDXCode) return <InsidePre.Provider value>{code}</InsidePre.Provider>;
  return <pre {...props}>{children}</pre>;
}
