/**
 * axe-core on a page with the navbar box's popup open, in each of its states (suggestions, none, an
 * answer pending, the recent searches), and a phone's search sheet, light then dark, the whole page
 * checked. (Every page without it: accessibility.spec.ts.)
 */
import type {BrowserContext, Page} from '@playwright/test';
import {SearchBox} from '../searchBox';
import {expectAccessibleInEachScheme} from '../../support/axe';
import {lunrRules} from '../../../src/search/engine/lunrRules';
import {readBuiltSearchIndex, partFile} from '../../../testkit/builtSearchIndex';
import {holdParts, isPartUrl} from '../../support/search';
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

interface PopupState {
  name: string;
  url: string;
  /** A phone's, for the search sheet. */
  viewport?: {width: number; height: number};
  /** Brings the popup to its state; returns what must still hold once both schemes are checked. */
  open: (page: Page, context: BrowserContext) => Promise<() => Promise<void>>;
}

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

const PHONE = {width: 390, height: 844};

/** Opens the first suggestion for `query`, which keeps it among the recent searches, then the empty box again. */
async function openWithRecentSearch(page: Page, query: string): Promise<SearchBox> {
  const searchBox = new SearchBox(page);
  await searchBox.search(query);
  await searchBox.box.press('Enter');
  await expect(page).toHaveURL(/_highlight=/);
  // The last query stays in the box: emptied, it lists the recent searches.
  await searchBox.box.click();
  await searchBox.box.fill('');
  await expect(searchBox.popup.getByRole('grid', {name: 'Recent searches'})).toBeVisible();
  await searchBox.box.press('ArrowDown');
  await expect(searchBox.popup.getByRole('gridcell', {selected: true})).toHaveCount(1);
  return searchBox;
}

const STATES: readonly PopupState[] = [
  {
    name: 'open on suggestions, one of them active, in a section',
    url: '/1.0/tutorial-basics/create-a-page',
    open: async (page) => {
      const searchBox = new SearchBox(page);
      const {box, popup} = searchBox;
      await searchBox.search('markdown');
      await box.press('ArrowDown');
      await expect(popup.getByRole('option', {selected: true})).toHaveCount(1);
      await expect(popup.getByRole('link', {name: 'See all results within "Tutorial - Basics (1.0)"'})).toBeVisible();
      return () => expect(popup.getByRole('option', {selected: true})).toHaveCount(1);
    },
  },
  {
    name: 'open on no results, with a link to the version that has some',
    url: '/chapter-1-introduction',
    open: async (page) => {
      const searchBox = new SearchBox(page);
      const {popup} = searchBox;
      await searchBox.search(ONLY_IN_1_0);
      await expect(popup.getByRole('status')).toHaveText('No results in 2.0. 1 result in 1.0');
      await expect(popup.getByRole('status').getByRole('link')).toBeVisible();
      return () => expect(popup.getByRole('status')).toHaveText('No results in 2.0. 1 result in 1.0');
    },
  },
  {
    name: 'open while the first answer loads',
    url: '/1.0/intro',
    open: async (page, context) => {
      const {box, popup} = new SearchBox(page);
      await holdParts(context);
      await box.fill('markdown');
      await expect(box).toHaveAttribute('aria-busy', 'true');
      await expect(popup.getByRole('status')).toHaveText('Searching…');
      await expect(popup.getByRole('status')).toBeVisible();
      return () => expect(box).toHaveAttribute('aria-busy', 'true');
    },
  },
  {
    name: 'open while an answer loads, the previous one still shown',
    url: '/1.0/intro',
    open: async (page, context) => {
      const searchBox = new SearchBox(page);
      const {box, popup} = searchBox;
      const fetched = new Set<string>();
      context.on('request', (request) => isPartUrl(request.url()) && fetched.add(new URL(request.url()).pathname.slice(1)));
      await searchBox.search(ONLY_IN_1_0);
      // A word of a term part that query did not load: its answer waits for that part, which is held.
      const word = wordOfUnloadedTermPart(fetched);
      await holdParts(context);
      await box.fill(word);
      await expect(box).toHaveAttribute('aria-busy', 'true');
      await expect(popup.getByRole('listbox').getByRole('option').first()).toBeVisible();
      return () => expect(box).toHaveAttribute('aria-busy', 'true');
    },
  },
  {
    name: 'open on the recent searches, one of them active',
    url: '/1.0/intro',
    open: async (page) => {
      const {popup} = await openWithRecentSearch(page, 'markdown');
      return () => expect(popup.getByRole('gridcell', {selected: true})).toHaveCount(1);
    },
  },
  {
    name: "as a phone's search sheet, on suggestions, one of them active",
    url: '/1.0/tutorial-basics/create-a-page',
    viewport: PHONE,
    open: async (page) => {
      const searchBox = new SearchBox(page);
      const {box, popup} = searchBox;
      await searchBox.search('markdown');
      await box.press('ArrowDown');
      await expect(page.getByRole('dialog', {name: 'Search'}).getByRole('option', {selected: true})).toHaveCount(1);
      return () => expect(popup.getByRole('option', {selected: true})).toHaveCount(1);
    },
  },
  {
    name: "as a phone's search sheet, on the recent searches",
    url: '/1.0/intro',
    viewport: PHONE,
    open: async (page) => {
      await openWithRecentSearch(page, 'markdown');
      const sheet = page.getByRole('dialog', {name: 'Search'});
      await expect(sheet.getByRole('grid', {name: 'Recent searches'})).toBeVisible();
      return () => expect(sheet.getByRole('gridcell', {selected: true})).toHaveCount(1);
    },
  },
  {
    name: "as a phone's search sheet, empty, with no recent searches",
    url: '/1.0/intro',
    viewport: PHONE,
    open: async (page) => {
      const {box} = new SearchBox(page);
      await box.click();
      const sheet = page.getByRole('dialog', {name: 'Search'});
      await expect(sheet.getByText('No recent searches.')).toBeVisible();
      return () => expect(sheet).toBeVisible();
    },
  },
];

for (const state of STATES) {
  test(`the search popup ${state.name}: no serious or critical accessibility violations, light or dark`, async ({
    page,
    context,
    navbar,
    searchBox,
  }) => {
    await page.emulateMedia({colorScheme: 'light'});
    if (state.viewport) await page.setViewportSize(state.viewport);
    await page.goto(state.url);
    // The account menu appears once the page is hydrated and Firebase knows the reader (on a phone, in the navbar's menu).
    if (state.viewport) await navbar.expectHydrated();
    else await expect(navbar.accountMenu).toBeVisible();
    const stillInState = await state.open(page, context);

    await expectAccessibleInEachScheme(page);
    // Both checks saw the popup in that state, not after it had moved on.
    await stillInState();
    await expect(searchBox.box).toBeFocused();
    await context.unrouteAll({behavior: 'ignoreErrors'});
  });
}
