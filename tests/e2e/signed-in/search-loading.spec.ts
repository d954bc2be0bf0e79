/** How search gets its index: the manifest early, only the parts a query needs, without dropping a query typed at once. */
import {readFileSync} from 'node:fs';
import {holdPageCode} from '../hydration';
import path from 'node:path';
import type {Request} from '@playwright/test';
import {PARTS_DIR, type SearchManifest} from '../../../contracts/searchIndexFiles';
import {indexResponse, isPartUrl, manifestPath} from '../../support/search';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

test('a page fetches its version manifest while idle, before any interaction', async ({page, context}) => {
  const manifest = indexResponse(context, manifestPath('1.0'));
  await page.goto('/1.0/intro');
  expect((await manifest).status()).toBe(200);
});

test('a query loads the parts its words and answers need, not the whole index', async ({page, context, searchBox}) => {
  const requested: string[] = [];
  const record = (request: Request) => {
    const {pathname} = new URL(request.url());
    if (pathname.includes('search-index')) requested.push(pathname);
  };
  context.on('request', record);
  await page.goto('/1.0/intro');
  const manifest = JSON.parse(readFileSync(path.join(FIXTURE_SITE_BUILD, manifestPath('1.0')), 'utf8')) as SearchManifest;
  const popup = await searchBox.search('accordionlike');
  await expect(popup.getByRole('option').first()).toContainText('Collapsible Sections');
  context.off('request', record);

  const allParts = [...manifest.termParts.names, ...manifest.docParts.names];
  const parts = requested.filter((pathname) => isPartUrl(`http://x${pathname}`));
  // One word, one answer: a term part and a document part, of the four 1.0 has.
  expect(allParts.length).toBeGreaterThan(2);
  expect(parts.length).toBeGreaterThan(0);
  expect(parts.length).toBeLessThan(allParts.length);
  expect(allParts.map((name) => `/${PARTS_DIR}/${name}.json`)).toEqual(expect.arrayContaining(parts));
  // Nothing else of the index: the manifest, fetched once, and those parts.
  expect(requested.filter((pathname) => !parts.includes(pathname))).toEqual([manifestPath('1.0')]);
});

test('a query typed as soon as the page shows is answered', async ({page, searchBox}) => {
  await page.goto('/1.0/tutorial-intro');
  const {box, popup} = searchBox;
  await box.pressSequentially('accordionlike');
  await expect(popup.getByRole('listbox').getByRole('option').first()).toContainText('Collapsible Sections');
});

test('a slow connection does not fetch the index until the reader reaches for the box', async ({page, context, searchBox}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {value: {effectiveType: '2g', saveData: false}});
  });
  const fetched: string[] = [];
  context.on('request', (request) => request.url().includes('search-index') && fetched.push(new URL(request.url()).pathname));
  await page.goto('/1.0/intro');
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  // Past the box's idle callback: on a fast link the manifest would be asked for by now.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  expect(fetched).toEqual([]);
  await searchBox.box.focus();
  await expect.poll(() => fetched).toEqual([manifestPath('1.0')]);
});

test('arriving from a search result does not open the suggestions by itself', async ({page, searchBox}) => {
  await page.goto('/1.0/Collapsible?_highlight=accordionlike');
  await expect(page.getByRole('article').locator('mark').first()).toBeVisible();
  const {box, popup} = searchBox;
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(popup.getByRole('listbox')).toHaveCount(0);
  await expect(popup.getByRole('status')).toHaveCount(0);
});

test('keys typed before the page is interactive are kept and searched', async ({page, searchBox}) => {
  // The app's main script held back until the keys are in: they come before React has hydrated.
  const {hydrate} = await holdPageCode(page);
  await page.goto('/1.0/tutorial-intro', {waitUntil: 'commit'});
  const {box, popup} = searchBox;
  await box.pressSequentially('accordionlike');
  await hydrate();
  await expect(popup.getByRole('listbox').getByRole('option').first()).toContainText('Collapsible Sections');
  await expect(box).toHaveValue('accordionlike');
});
