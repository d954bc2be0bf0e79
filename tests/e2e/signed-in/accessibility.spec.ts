import {expect, test} from '../fixtures';
import type {Page} from '@playwright/test';
import {expectAccessibleInEachScheme} from '../../support/axe';
import {ROUTES} from '../../support/routes';
import {searchFromNavbar} from '../../support/search';

/**
 * axe-core on every page a signed-in reader can open, in both colour modes. The site follows
 * the system preference (`respectPrefersColorScheme`), so the mode is set as a reader's system sets it.
 * (Each route's title and H1 as built: tests/content/pages.test.ts.)
 */
interface CheckedPage {
  name: string;
  url: string;
  status: number;
  h1: string;
  /** What the browser logs on this page on purpose. */
  expectedErrors?: RegExp;
  /** Only this part of the page (its own content), when its chrome is checked on another page of its kind. */
  include?: string;
  /** What must be on screen, beyond the H1, before the page is checked. */
  ready?: (page: Page) => Promise<void>;
}

/**
 * The pages checked whole: one of each kind in each version (the home and search pages, a version's
 * index, a doc, a doc inside a category, a category). On the other docs the chrome around `main`
 * (navbar, sidebar) is the same theme code in the same states, so only `main` is checked there: the
 * doc, its table of contents and its pagination, all made from its own content.
 */
const CHECKED_WHOLE = new Set([
  '/',
  '/search',
  '/chapter-1-introduction',
  '/1.0',
  '/1.0/intro',
  '/1.0/tutorial-basics/create-a-page',
  '/1.0/category/tutorial---basics',
]);

const PAGES: readonly CheckedPage[] = [
  ...ROUTES.map((route) => ({
    name: route.path,
    url: route.url,
    status: 200,
    h1: route.h1,
    ...(CHECKED_WHOLE.has(route.path) ? {} : {include: 'main'}),
  })),
  {
    name: 'the not-found page',
    url: '/no-such-tutorial',
    status: 404,
    h1: 'Page Not Found',
    expectedErrors: /status of 404 .*\/no-such-tutorial\)$/,
  },
  {
    name: 'search results',
    url: `/search?q=accordionlike&version=${encodeURIComponent('1.0/')}`,
    status: 200,
    h1: 'Search results for "accordionlike"',
    ready: (page) => expect(page.getByRole('article').first().locator('mark').first()).toBeVisible(),
  },
  {
    name: 'the search page of a section of 1.0',
    url: `/search?q=markdown&ctx=${encodeURIComponent('1.0/tutorial-basics')}`,
    status: 200,
    h1: 'Search results for "markdown"',
    ready: (page) => expect(page.getByText(/^\d+ documents? found$/)).toBeVisible(),
  },
  {
    name: 'the search suggestions, open, with a result selected',
    url: '/1.0/tutorial-basics/create-a-page',
    status: 200,
    h1: 'Create a Page',
    ready: async (page) => {
      const suggestions = await searchFromNavbar(page, 'markdown');
      await page.locator('input.navbar__search-input').press('ArrowDown');
      await expect(suggestions.getByRole('option', {selected: true})).toHaveCount(1);
    },
  },
  {
    name: 'the search suggestions, open, with no result',
    url: '/1.0/tutorial-basics/create-a-page',
    status: 200,
    h1: 'Create a Page',
    ready: async (page) => {
      const suggestions = await searchFromNavbar(page, 'zzzqqq');
      await expect(suggestions.getByText('No results')).toBeVisible();
    },
  },
  {
    name: 'a page with search terms highlighted',
    url: '/1.0/Collapsible?_highlight=accordionlike',
    status: 200,
    h1: 'Collapsible Sections',
    ready: (page) => expect(page.getByRole('article').locator('mark').first()).toBeVisible(),
  },
];

// Light first, then dark on the same page, as a reader's system switches: the page follows it live.
for (const checked of PAGES) {
  test.describe(() => {
    if (checked.expectedErrors) test.use({expectedErrors: checked.expectedErrors});

    test(`${checked.name} has no serious or critical accessibility violations, light or dark`, async ({page}) => {
      await page.emulateMedia({colorScheme: 'light'});
      const response = await page.goto(checked.url);
      expect(response?.status()).toBe(checked.status);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(checked.h1);
      // The account menu appears once the page is hydrated and Firebase knows the reader.
      await expect(page.getByRole('button', {name: 'Signed in as Demo Reader'})).toBeVisible();
      await checked.ready?.(page);

      await expectAccessibleInEachScheme(page, {include: checked.include});
    });
  });
}
