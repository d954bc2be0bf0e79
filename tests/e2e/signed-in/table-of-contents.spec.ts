/** The table of contents beside a doc: the page's h2 and h3 headings, nothing else. */
import type {Locator} from '@playwright/test';
import {expect, test} from '../fixtureSite';

test('lists the h2 and h3 headings only, every one of them', async ({page}) => {
  await page.goto('/1.0/test');
  const toc = page.locator('.theme-doc-toc-desktop');
  await expect(toc).toBeVisible();
  const targetsOf = (links: Locator) =>
    links.evaluateAll((anchors) =>
      anchors.map((anchor) => {
        const id = decodeURIComponent(anchor.getAttribute('href')!.slice(1));
        return document.getElementById(id)?.tagName ?? `no heading #${id}`;
      }),
    );
  const topLevel = await targetsOf(toc.locator(':scope > ul > li > a'));
  const nested = await targetsOf(toc.locator(':scope > ul > li > ul > li > a'));
  expect(topLevel.length).toBeGreaterThan(0);
  expect(nested.length).toBeGreaterThan(0);
  expect(new Set(topLevel)).toEqual(new Set(['H2']));
  expect(new Set(nested)).toEqual(new Set(['H3']));
  // Every h2 and h3 of the document has its entry, and nothing else does.
  const headings = page.getByRole('article').locator('h2, h3');
  const headingTexts = (await headings.allTextContents()).map((text) => text.replace(/\u200b/g, '').trim());
  await expect(toc.getByRole('link')).toHaveText(headingTexts);
});
