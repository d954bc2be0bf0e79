/** Which title the search index gives each doc: the one its page shows at its top. */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {afterAll, describe, expect, it} from 'vitest';
import {docTitles} from '../../plugins/search';

const siteDir = mkdtempSync(path.join(tmpdir(), 'doc-titles-'));
afterAll(() => rmSync(siteDir, {recursive: true, force: true}));

/** A doc as the docs plugin loads it: its file, the title Docusaurus gave it, its front matter. */
function doc(file: string, source: string, title: string, frontMatter: Record<string, unknown>) {
  mkdirSync(path.dirname(path.join(siteDir, file)), {recursive: true});
  writeFileSync(path.join(siteDir, file), source);
  return {source: `@site/${file}`, permalink: `/${file.replace(/\.mdx?$/, '')}`, title, frontMatter};
}

describe('docTitles', () => {
  it.each([
    [
      'a Markdown title under a front matter title: the Markdown one, which the page shows',
      doc('docs/mocking.md', '---\ntitle: Mocking | Guide\n---\n\n# Mocking\n\nText.\n', 'Mocking | Guide', {title: 'Mocking | Guide'}),
      'Mocking',
    ],
    [
      'a Markdown title with code in it, after an import: its text',
      doc('docs/api.mdx', "---\ntitle: API\n---\n\nimport Tabs from '@theme/Tabs';\n\n# The `vi` object\n", 'API', {title: 'API'}),
      'The vi object',
    ],
    [
      'a front matter title alone: Docusaurus heads the page with it',
      doc('docs/config.md', '---\ntitle: Configuration\n---\n\nText, then\n\n## A section\n', 'Configuration', {title: 'Configuration'}),
      'Configuration',
    ],
    [
      'no front matter title: the title Docusaurus gave (its Markdown title), the file not read again',
      {source: '@site/docs/not-there.md', permalink: '/docs/not-there', title: 'Hooks', frontMatter: {}},
      'Hooks',
    ],
  ])('%s', async (_case, loaded, expected) => {
    const plugins = [{name: 'docusaurus-plugin-content-docs', content: {loadedVersions: [{docs: [loaded]}]}}];
    const context = {siteDir, siteConfig: {markdown: {parseFrontMatter: DEFAULT_PARSE_FRONT_MATTER}}} as unknown as LoadContext;
    expect((await docTitles(plugins, context)).get(loaded.permalink)).toBe(expected);
  });
});
