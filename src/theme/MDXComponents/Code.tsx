import {createContext, useContext, type ComponentProps, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import CodeInline from '@theme/CodeInline';
import type {Props} from '@theme/MDXComponents/Code';

/** Set by MDXPre: a `code` inside a `pre` is a code block; anywhere else it is inline. */
export const InsidePre = createContext(false);

/**
 * The theme guesses from the children (only text, no line break: inline), so a raw `<code>` holding
 * markup in a sentence (`<code><b>Fastify server</b></code>`, common in docs written for GitHub)
 * became a code block: a `<div>` inside a `<p>`, which the browser's parser splits and React then
 * fails to hydrate. Where the element sits decides instead. The theme's guess is a leftover of MDX 1
 * (facebook/docusaurus#6767, #8190).
 */
export default function MDXCode(props: Props): ReactNode {
  return useContext(InsidePre) ? <CodeBlock {...(props as ComponentProps<typeof CodeBlock>)} /> : <CodeInline {...props} />;
}
