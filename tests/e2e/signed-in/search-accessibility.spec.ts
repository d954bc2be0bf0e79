/**
 * axe-core with the navbar box's popup open, in each of its states (suggestions, none, an answer
 * pending, the recent searches), and a phone's search sheet, light then dark. Each state is a step on
 * one loaded page, brought about as a reader would, so a failure names its state. The navbar is what
 * is checked: the box, its popup and the sheet are in it, and nothing else on the page changes with
 * the box's state (every page as it is, popup closed: accessibility.spec.ts).
 */
import type {BrowserContext, Page} from '@playwright/test';
import type {SearchBox} from '../searchBox';
import {expectAccessibleInEachScheme, switchColourScheme} from '../../support/axe';
import {lunrRules} from '../../../src/search/engine/lunrRules';
import {readBuiltSearchIndex, partFile} from '../../../testkit/builtSearchIndex';
import {holdParts, isPartUrl} from '../../support/search';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

/** A word the 1.0 index holds as typed, in a term part not among `fetched` (part files below the build). */
function wordOfUnloadedTermPart(fetched: ReadonlySet<string>): string {
  const {manifest, termParts} = readBuiltSearchIndex(FIXTURE_SITE_BUILD, '1.0');
  const unloaded = termParts.filter((_, index) => !fetched.has(partFile(manifest.termParts.names[index]!)));
  const word = unloaded
    .flatMap((part) => part.terms)
    .find((term) => /^[a-z]{5,}$/.test(term) && lunrRules.stem(term) === term && !lunrRules.isStopWord(term));
  if (!word) throw new Error("1.0's index has no term part left unloaded by one query: this state needs a larger index");
  return word;
}

/** Checks the whole page in both schemes, the box still in its state and focused; back to light for the next state. */
async function expectAccessibleState(page: Page, searchBox: SearchBox, stillInState: () => Promise<void>): Promise<void> {
  await expectAccessibleInEachScheme(page, {include: 'nav.navbar'});
  // Both checks saw the popup in that state, not after it had moved on.
  await stillInState();
  await expect(searchBox.box).toBeFocused();
  await switchColourScheme(page, 'light');
}

/** Opens the first suggestion for `query` with Enter, which keeps it among the recent searches, then the empty box, its first search active. */
async function openRecentSearches(page: Page, searchBox: SearchBox, query: string): Promise<void> {
  const popup = await searchBox.search(query);
  const title = (await popup.getByRole('option').first().locator(':scope > span').first().innerText()).trim();
  await searchBox.box.press('Enter');
  await expect(page).toHaveURL(/_highlight=/);
  // Shown: a box clicked before the page's code has loaded is the last page's, which goes with it.
  await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
  // The last query stays in the box: emptied, it lists the recent searches.
  await searchBox.box.click();
  await searchBox.box.fill('');
  await expect(searchBox.popup.getByRole('grid', {name: 'Recent searches'})).toBeVisible();
  await searchBox.box.press('ArrowDown');
  await expect(searchBox.popup.getByRole('gridcell', {selected: true})).toHaveCount(1);
}

/** The index parts the page and its search worker ask for, from now on. */
function recordFetchedParts(context: BrowserContext): {fetched: Set<string>; stop: () => void} {
  const fetched = new Set<string>();
  const onRequest = (request: {url(): string}) => {
    if (isPartUrl(request.url())) fetched.add(new URL(request.url()).pathname.slice(1));
  };
  context.on('request', onRequest);
  return {fetched, stop: () => context.off('request', onRequest)};
}

test('the search popup in each state on a desktop: no serious or critical accessibility violations, light or dark', async ({
  page,
  context,
  navbar,
  searchBox,
}) => {
  const {box, popup} = searchBox;
  await page.emulateMedia({colorScheme: 'light'});
  const parts = recordFetchedParts(context);
  // A page in a section: the footer offers the section's results too.
  await page.goto('/1.0/tutorial-basics/create-a-page');
  // The account menu appears once the page is hydrated and Firebase knows the reader.
  await expect(navbar.accountMenu).toBeVisible();

  await test.step('open while the first answer loads', async () => {
    const held = await holdParts(context);
    await box.fill('markdown');
    await expect(box).toHaveAttribute('aria-busy', 'true');
    await expect(popup.getByRole('status')).toHaveText('Searching…');
    await expect(popup.getByRole('status')).toBeVisible();
    await expectAccessibleState(page, searchBox, () => expect(box).toHaveAttribute('aria-busy', 'true'));
    held.release();
  });

  await test.step('open on suggestions, one of them active, in a section', async () => {
    await expect(box).toHaveAttribute('aria-busy', 'false');
    await box.press('ArrowDown');
    await expect(popup.getByRole('option', {selected: true})).toHaveCount(1);
    await expect(popup.getByRole('link', {name: 'See all results within "Tutorial - Basics (1.0)"'})).toBeVisible();
    await expectAccessibleState(page, searchBox, () => expect(popup.getByRole('option', {selected: true})).toHaveCount(1));
  });

  await test.step('open while an answer loads, the previous one still shown', async () => {
    // A word of a term part no query loaded yet: its answer waits for that part, which is held.
    const word = wordOfUnloadedTermPart(parts.fetched);
    const held = await holdParts(context);
    await box.fill(word);
    await expect(box).toHaveAttribute('aria-busy', 'true');
    await expect(popup.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expectAccessibleState(page, searchBox, () => expect(box).toHaveAttribute('aria-busy', 'true'));
    held.release();
    await expect(box).toHaveAttribute('aria-busy', 'false');
  });

  await test.step('open on no results, with a link to the version that has some', async () => {
    // The real docs are 3.0's alone.
    await searchBox.search('fastify');
    const hint = /^No results in 1\.0\. Search all versions: \d+ results? in 3\.0$/;
    await expect(popup.getByRole('status')).toHaveText(hint);
    await expect(popup.getByRole('status').getByRole('link')).toBeVisible();
    await expectAccessibleState(page, searchBox, () => expect(popup.getByRole('status')).toHaveText(hint));
  });

  await test.step('open on the recent searches, one of them active', async () => {
    await openRecentSearches(page, searchBox, 'markdown');
    await expectAccessibleState(page, searchBox, () => expect(popup.getByRole('gridcell', {selected: true})).toHaveCount(1));
  });
  parts.stop();
  await context.unrouteAll({behavior: 'ignoreErrors'});
});

test("a phone's search sheet in each state: no serious or critical accessibility violations, light or dark", async ({
  page,
  navbar,
  searchBox,
}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await page.setViewportSize({width: 390, height: 844});
  await page.goto('/1.0/tutorial-basics/create-a-page');
  // On a phone the account menu is in the navbar's menu: hydrated is what there is to wait for.
  await navbar.expectHydrated();
  const {box} = searchBox;
  const sheet = page.getByRole('dialog', {name: 'Search'});

  await test.step('empty, with no recent searches', async () => {
    await box.click();
    await expect(sheet.getByText('No recent searches.')).toBeVisible();
    await expectAccessibleState(page, searchBox, () => expect(sheet).toBeVisible());
  });

  await test.step('on suggestions, one of them active', async () => {
    await searchBox.search('markdown');
    await box.press('ArrowDown');
    await expect(sheet.getByRole('option', {selected: true})).toHaveCount(1);
    await expectAccessibleState(page, searchBox, () => expect(sheet.getByRole('option', {selected: true})).toHaveCount(1));
  });

  await test.step('on the recent searches', async () => {
    await openRecentSearches(page, searchBox, 'markdown');
    await expect(sheet.getByRole('grid', {name: 'Recent searches'})).toBeVisible();
    await expectAccessibleState(page, searchBox, () => expect(sheet.getByRole('gridcell', {selected: true})).toHaveCount(1));
  });
});
