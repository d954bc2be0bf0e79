import {describe, expect, it} from 'vitest';
import type {Heading, Root} from 'mdast';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {VFile} from 'vfile';
import remarkPageHeading from '../../plugins/markdown/remarkPageHeading';

/** The doc's headings as the plugin leaves them: depth and place among the top-level nodes. */
function headingsAfter(markdown: string, file: string, title?: string) {
  const vfile = new VFile({path: file, value: markdown, data: title === undefined ? {} : {frontMatter: {title}}});
  const processor = unified().use(remarkParse).use(remarkPageHeading);
  const root = processor.runSync(processor.parse(vfile), vfile) as Root;
  return root.children.flatMap((node, at) => (node.type === 'heading' ? [{at, depth: (node as Heading).depth}] : []));
}

describe('remarkPageHeading', () => {
  it.each([
    {
      why: 'a ## heading naming the file becomes the H1, before the banner',
      md: '<h1>Fastify</h1>\n\n## Lifecycle\n\nText',
      file: 'Lifecycle.md',
      expected: [{at: 0, depth: 1}],
    },
    {why: 'its inline code counts as text', md: '## `Content-Type` Parser', file: 'ContentTypeParser.md', expected: [{at: 0, depth: 1}]},
    {why: 'a link counts by its text', md: '## [Reply](#reply)', file: 'Reply.md', expected: [{at: 0, depth: 1}]},
    {why: 'a {#id} is no part of the name', md: '## Install {#install}', file: 'install.md', expected: [{at: 0, depth: 1}]},
    {
      why: 'the front matter title is the name',
      md: '## Getting started',
      file: 'intro.md',
      title: 'Getting Started',
      expected: [{at: 0, depth: 1}],
    },
    {why: 'a heading naming something else stays', md: '## Factory', file: 'Server.md', expected: [{at: 0, depth: 2}]},
    {why: 'text first: nothing moves', md: 'Intro.\n\n## Lifecycle', file: 'Lifecycle.md', expected: [{at: 1, depth: 2}]},
    {why: 'an H1 after a banner comes first', md: '<p>banner</p>\n\n# Title', file: 'x.md', expected: [{at: 0, depth: 1}]},
  ])('$why', ({md, file, title, expected}) => {
    expect(headingsAfter(md, file, title)).toEqual(expected);
  });
});
