/** Which dialect a doc is compiled in (plugins/markdown/mdxFormat.ts), and the front matter that tells Docusaurus. */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
// Docusaurus's own rule for which compiler a file gets (its mdx-loader, installed with @docusaurus/core).
import {getFormat} from '@docusaurus/mdx-loader/lib/format';
import {describe, expect, it} from 'vitest';
import {addedFrontMatter} from '../../plugins/markdown/docFrontMatter';
import {docFormat} from '../../plugins/markdown/mdxFormat';
import {REAL_DOCS_FIXTURE} from '../../testkit/realDocs';

const JEST_DOCS = path.join(__dirname, '../fixtures/docusaurus-site/docs');

const TABS = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  '<Tabs>',
  '<TabItem value="npm">',
  '',
  'npm',
  '',
  '</TabItem>',
  '</Tabs>',
].join('\n');

describe('docFormat', () => {
  it.each<{why: string; file: string; frontMatter?: Record<string, unknown>; body: string; expected: 'md' | 'mdx'}>([
    {why: 'a .md file that imports and uses components', file: 'a.md', body: `# Install\n\n${TABS}\n`, expected: 'mdx'},
    {why: 'a .md file that exports a value', file: 'a.md', body: '# A\n\nexport const year = 2026;\n\nIn {year}.\n', expected: 'mdx'},
    {
      why: 'a .md file with a component and no import (a theme global)',
      file: 'a.md',
      body: '# A\n\n<TOCInline toc={toc} />\n',
      expected: 'mdx',
    },
    {why: 'an import shown in a fenced code block', file: 'a.md', body: "# A\n\n```js\nimport x from 'y';\n```\n", expected: 'md'},
    {why: 'an import shown in inline code', file: 'a.md', body: "# A\n\nWrite `import x from 'y'` first.\n", expected: 'md'},
    {why: 'an indented code block with a component', file: 'a.md', body: '# A\n\n    <Tabs>\n', expected: 'md'},
    {
      why: 'raw HTML in lower case, as GitHub renders it',
      file: 'a.md',
      body: '# A\n\n<details>\n<summary>More</summary>\n\nText <br> here.\n</details>\n',
      expected: 'md',
    },
    {why: 'a sentence that begins with the word import', file: 'a.md', body: '# A\n\nimport the module before use.\n', expected: 'md'},
    {why: 'an .mdx file, whatever its body', file: 'a.mdx', body: '# A\n', expected: 'mdx'},
    {why: "the author's mdx.format front matter wins: md", file: 'a.md', frontMatter: {mdx: {format: 'md'}}, body: TABS, expected: 'md'},
    {
      why: "the author's mdx.format front matter wins: mdx",
      file: 'a.md',
      frontMatter: {mdx: {format: 'mdx'}},
      body: '# A\n',
      expected: 'mdx',
    },
    {why: 'mdx.format detect goes by the extension', file: 'a.md', frontMatter: {mdx: {format: 'detect'}}, body: TABS, expected: 'md'},
  ])('$why: $expected', ({file, frontMatter = {}, body, expected}) => {
    expect(docFormat(file, frontMatter, body)).toBe(expected);
  });

  // Jest's docs (tests/fixtures/docusaurus-site/SOURCE.md): a Docusaurus site's .md files, some written in MDX.
  it.each([
    {file: 'Architecture.md', why: 'imports a component and uses it', expected: 'mdx'},
    {file: 'UpgradingToJest29.md', why: 'imports a partial and shows it', expected: 'mdx'},
    {file: 'BypassingModuleMocks.md', why: 'imports only inside code blocks', expected: 'md'},
    {file: 'TutorialAsync.md', why: 'imports only inside titled code blocks', expected: 'md'},
    {file: 'MongoDB.md', why: 'plain Markdown', expected: 'md'},
  ])("Jest's $file ($why): $expected", ({file, expected}) => {
    expect(docFormat(file, {}, readFileSync(path.join(JEST_DOCS, file), 'utf8'))).toBe(expected);
  });

  it('every page of the real docs (fastify, written for GitHub) stays CommonMark', () => {
    const docs = path.join(REAL_DOCS_FIXTURE, 'docs');
    const files = readdirSync(docs, {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.md'));
    expect(files.length).toBeGreaterThan(30);
    const mdx = files.filter((file) => docFormat(file, {}, readFileSync(path.join(docs, file), 'utf8')) === 'mdx');
    expect(mdx).toEqual([]);
  });
});

describe('the front matter Docusaurus reads (addedFrontMatter, through its own getFormat)', () => {
  const compiledAs = (relativePath: string, frontMatter: Record<string, unknown>, body: string) => {
    const complete = {...addedFrontMatter({relativePath, atSiteRoot: false}, frontMatter, body), ...frontMatter};
    const {format} = (complete.mdx ?? {}) as {format?: 'md' | 'mdx' | 'detect'};
    return getFormat({filePath: `/site/docs/${relativePath}`, frontMatterFormat: format, markdownConfigFormat: 'detect'});
  };

  it.each([
    {why: 'MDX in a .md file compiles as MDX', relativePath: 'install.md', frontMatter: {}, body: TABS, expected: 'mdx'},
    {
      why: 'CommonMark in a .md file stays CommonMark',
      relativePath: 'install.md',
      frontMatter: {},
      body: '# Install\n\n<br>\n',
      expected: 'md',
    },
    {why: "an author's choice is kept", relativePath: 'install.md', frontMatter: {mdx: {format: 'md'}}, body: TABS, expected: 'md'},
    {why: 'an .mdx file needs nothing', relativePath: 'install.mdx', frontMatter: {}, body: TABS, expected: 'mdx'},
  ])('$why', ({relativePath, frontMatter, body, expected}) => {
    expect(compiledAs(relativePath, frontMatter, body)).toBe(expected);
  });
});
