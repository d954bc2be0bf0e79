/**
 * How search gets its index: the manifest early, only the parts a query needs, without dropping a query
 * typed at once, before the page is interactive or while the page a link opens is still loading.
 */
import {readFileSync} from 'node:fs';
import {holdPageCode} from '../hydration';
import path from 'node:path';
import {PARTS_DIR, type SearchManifest} from '../../../contracts/searchIndexFiles';
import {holdRequests} from '../../support/heldRequests';
import {isPartUrl, manifestPath} from '../../support/search';
import {ANSWERED} from '../../../testkit/searchBox';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

test('a page fetches its version manifest while idle; arriving from a result opens nothing; a query loads the parts it needs, not the whole index', async ({
  page,
  searchBox,
}) => {
  const requested: string[] = [];
  // The search worker's fetches are the page's too.
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (pathname.includes('search-index')) requested.push(pathname);
  });
  const manifest = page.waitForResponse((response) => new URL(response.url()).pathname === manifestPath('1.0'));
  await page.goto('/1.0/Collapsible?_highlight=accordionlike');
  expect((await manifest).status()).toBe(200);

  await test.step('arriving from a search result does not open the suggestions by itself', async () => {
    await expect(page.getByRole('article').locator('mark').first()).toBeVisible();
    const {box, popup} = searchBox;
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(popup.getByRole('listbox')).toHaveCount(0);
    await expect(popup.getByRole('status')).toHaveCount(0);
  });

  await test.step('a query loads the parts its words and answers need', async () => {
    const popup = await searchBox.search('accordionlike');
    await expect(popup.getByRole('option').first()).toContainText('Collapsible Sections');
    const index = JSON.parse(readFileSync(path.join(FIXTURE_SITE_BUILD, manifestPath('1.0')), 'utf8')) as SearchManifest;
    const allParts = [...index.termParts.names, ...index.docParts.names];
    const parts = requested.filter((pathname) => isPartUrl(`http://x${pathname}`));
    // One word, one answer: a term part and a document part, of the four 1.0 has.
    expect(allParts.length).toBeGreaterThan(2);
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.length).toBeLessThan(allParts.length);
    expect(allParts.map((name) => `/${PARTS_DIR}/${name}.json`)).toEqual(expect.arrayContaining(parts));
    // Nothing else of the index: the manifest, fetched once, and those parts.
    expect(requested.filter((pathname) => !parts.includes(pathname))).toEqual([manifestPath('1.0')]);
  });
});

test('a slow connection does not fetch the index until the reader reaches for the box', async ({page, searchBox}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {value: {effectiveType: '2g', saveData: false}});
  });
  const fetched: string[] = [];
  page.on('request', (request) => request.url().includes('search-index') && fetched.push(new URL(request.url()).pathname));
  await page.goto('/1.0/intro');
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  // Past the box's idle callback: on a fast link the manifest would be asked for by now.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  expect(fetched).toEqual([]);
  await searchBox.box.focus();
  await expect.poll(() => fetched).toEqual([manifestPath('1.0')]);
});

test('keys typed before the page is interactive, and as soon as it is, are kept and searched; so are keys typed while a link opens a page of another kind, on that page, with the focus', async ({
  page,
  navbar,
  searchBox,
}) => {
  // The app's main script held back until the keys are in: they come before React has hydrated.
  const {hydrate} = await holdPageCode(page);
  await page.goto('/search', {waitUntil: 'commit'});
  const {box, popup} = searchBox;
  // A page's title (the doc's body may have an H1 of its own).
  const heading = page.getByRole('main').getByRole('heading', {level: 1}).first();

  await test.step("typed before the page is interactive, into the page's field and then the box, and as soon as it is", async () => {
    const field = page.getByRole('main').getByRole('searchbox', {name: 'Search'});
    await field.pressSequentially('markdown');
    await box.pressSequentially('fast');
    await hydrate();
    // The search page puts its query in its address: the box, still the reader's, keeps the focus.
    await expect(heading).toHaveText('Search results for "markdown"');
    // The rest at once, before the version's index is in, where the reader's keys go.
    await page.keyboard.type('ify');
    await expect(box).toHaveValue('fastify');
    // Answered for the whole word, not the list for "fast" still on screen.
    await expect(box).toHaveAttribute('aria-busy', 'false');
    await expect(popup.getByRole('status')).toHaveText(ANSWERED);
    await expect(popup.getByRole('listbox').getByRole('option').first()).toContainText('Fastify');
    await expect(field).toHaveValue('markdown');
  });

  await test.step('typed while a link opens a page of another kind: kept on that page, with the focus, and searched', async () => {
    await box.fill('');
    // The doc's code held back (the page's own bundles have loaded): the search page stays in sight after
    // the click, its navbar and box too, until the doc's layout brings a navbar and a box of its own.
    const code = await holdRequests(page, '**/assets/js/*.js');
    await navbar.main.getByRole('link', {name: 'Tutorials'}).click();
    await expect(page).toHaveURL('/docs');
    await box.pressSequentially('fast');
    await expect(heading).toHaveText('Search results for "markdown"');
    code.release();
    // The first page of 3.0's sidebar: the real docs' root index.md.
    await expect(heading).toHaveText('Overview');
    await expect(box).toHaveValue('fast');
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('aria-busy', 'false');
    await expect(popup.getByRole('status')).toHaveText(ANSWERED);
    // The reader goes on typing.
    await page.keyboard.type('ify');
    await expect(box).toHaveValue('fastify');
    await expect(box).toHaveAttribute('aria-busy', 'false');
    await expect(popup.getByRole('status')).toHaveText(ANSWERED);
    await expect(popup.getByRole('listbox').getByRole('option').first()).toContainText('Fastify');
  });
});
