/**
 * The table of contents beside a doc, as the server renders it (the fixture site's built 1.0/test.html):
 * the page's h2 and h3 headings, nothing else. tests/e2e/signed-in/page-chrome.spec.ts shows it at desktop width.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, it} from 'vitest';
import {textOf} from '../support/builtSite';
import {FIXTURE_SITE_BUILD} from '../support/fixtureSite';

const html = readFileSync(path.join(FIXTURE_SITE_BUILD, '1.0/test.html'), 'utf8');

/** The desktop table of contents' links, each with how deep its list is (1: top level). */
function tocEntries(): {depth: number; id: string; text: string}[] {
  const toc = html.slice(html.indexOf('theme-doc-toc-desktop'));
  const entries = [];
  let depth = 0;
  // The minified HTML leaves out `</li>`: only the lists' own tags say where an entry is nested.
  for (const [tag, , id, inner] of toc.matchAll(/<ul\b[^>]*>|<\/ul>|<a\b[^>]*?\bhref=("?)#([^"\s>]*)\1[^>]*>([\s\S]*?)<\/a>/g)) {
    if (tag.startsWith('<ul')) depth++;
    else if (tag === '</ul>') depth--;
    else entries.push({depth, id: decodeURIComponent(id!), text: textOf(inner!)});
    if (depth === 0) break;
  }
  return entries;
}

/** The tag of the element each id names in the page. */
const tagById = new Map(
  [...html.matchAll(/<([a-z][\w-]*)\b[^>]*?\sid=(?:"([^"]*)"|([^\s>]+))/gi)].map(([, tag, quoted, bare]) => [
    quoted ?? bare!,
    tag!.toUpperCase(),
  ]),
);

// Replaces tests/e2e/signed-in/table-of-contents.spec.ts › "lists the h2 and h3 headings only, every one of them" (its targets).
it('points each top-level entry at an h2 and each nested one at an h3', () => {
  const targets = (depth: number) =>
    tocEntries()
      .filter((entry) => entry.depth === depth)
      .map(({id}) => tagById.get(id) ?? `no heading #${id}`);
  expect(targets(1).length).toBeGreaterThan(0);
  expect(targets(2).length).toBeGreaterThan(0);
  expect(new Set(targets(1))).toEqual(new Set(['H2']));
  expect(new Set(targets(2))).toEqual(new Set(['H3']));
  expect(tocEntries().filter((entry) => entry.depth > 2)).toEqual([]);
});

// Replaces tests/e2e/signed-in/table-of-contents.spec.ts › "lists the h2 and h3 headings only, every one of them" (its entries).
it("lists every h2 and h3 of the article, and nothing else, in the article's order", () => {
  const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
  const headings = [...article.matchAll(/<(h2|h3)\b[^>]*?\sid=("?)([^"\s>]+)\2[^>]*>([\s\S]*?)<\/\1>/g)].map(([, , , id, inner]) => ({
    id: id!,
    text: textOf(inner!),
  }));
  expect(headings.length).toBeGreaterThan(0);
  expect(tocEntries().map(({id, text}) => ({id, text}))).toEqual(headings);
});
