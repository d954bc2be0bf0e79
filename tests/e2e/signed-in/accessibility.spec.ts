import {expect, test} from '../fixtureSite';
import type {Page} from '@playwright/test';
import {
  blockingViolations,
  describeViolations,
  expectAccessibleInEachScheme,
  switchColourScheme,
  type AxeScope,
  type ColourScheme,
} from '../../support/axe';
import {ROUTES as SPECIFICATION_ROUTES, type SiteRoute} from '../../support/specificationRoutes';
import {abortSignInCodeOnce, blockPageChunks, CHUNK_FAILURE_ERRORS, throwFromFirstResizeObserver} from '../failures';
import type {Navbar} from '../navbar';
import {currentDocsAddress} from '../../support/fixtureSite';

/**
 * axe-core on every page a signed-in reader can open, in both colour modes. The site follows
 * the system preference (`respectPrefersColorScheme`), so the mode is set as a reader's system sets it.
 * (Each route's title and H1 as built: tests/content/pages.test.ts.)
 */

/** The specification's pages as the fixture site serves them: its current docs at `/docs`. */
const ROUTES = SPECIFICATION_ROUTES.map((route) =>
  route.path === '/' || route.path === '/search' || route.path.startsWith('/1.0')
    ? route
    : {...route, path: currentDocsAddress(route.path), url: currentDocsAddress(route.url)},
);

/**
 * The pages checked whole: one of each kind in each version (the home and search pages, a version's
 * index, a doc, a doc inside a category, a category). On the other docs the chrome around `main`
 * (navbar, sidebar) is the same theme code in the same states, so only `main` is checked there: the
 * doc, its table of contents and its pagination, all made from its own content.
 */
const CHECKED_WHOLE = new Set([
  '/',
  '/search',
  '/docs/chapter-1-introduction',
  '/1.0',
  '/1.0/intro',
  '/1.0/tutorial-basics/create-a-page',
  '/1.0/category/tutorial---basics',
]);

function scopeOf(route: SiteRoute): AxeScope {
  return CHECKED_WHOLE.has(route.path) ? {} : {include: 'main'};
}

/**
 * The routes in tours of a few pages each, walked as a reader walks them: one page load, then the
 * site's own client-side navigation (what a sidebar link does), so that a check costs axe's time and
 * not a page load. Within a tour every H1 differs: it is how a step knows its page has rendered.
 */
const TOURS: ReadonlyArray<{name: string; routes: readonly SiteRoute[]}> = [
  {name: 'the home page, the search page and the docs of 3.0', routes: ROUTES.filter((route) => !route.path.startsWith('/1.0'))},
  {
    name: 'the index, first pages and categories of 1.0',
    routes: ROUTES.filter((route) => route.path.startsWith('/1.0') && !route.path.startsWith('/1.0/tutorial-')),
  },
  {name: 'the tutorials of 1.0', routes: ROUTES.filter((route) => route.path.startsWith('/1.0/tutorial-'))},
];

/**
 * Goes to `route` the way the site's links do: React Router follows the history (Docusaurus loads
 * the route's chunks, then renders), so the page is the one a reader gets from a link.
 */
async function followInApp(page: Page, route: SiteRoute): Promise<void> {
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
  }, route.url);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(route.h1);
  await expect(page).toHaveTitle(route.title);
  // Docusaurus's progress bar (nprogress, role="bar") shows while a slow route loads and fades out after it: the page at rest is checked.
  await expect(page.locator('#nprogress')).toHaveCount(0);
}

for (const tour of TOURS) {
  test(`${tour.name}: no serious or critical accessibility violations, light or dark`, async ({page, navbar}) => {
    // Two axe runs per page of the tour: a hang guard sized for a tour, not a speed goal.
    test.setTimeout(120_000);
    expect(new Set(tour.routes.map((route) => route.h1)).size, 'one H1 per page of a tour').toBe(tour.routes.length);
    await page.emulateMedia({colorScheme: 'light'});
    const [first] = tour.routes;
    expect((await page.goto(first.url))?.status()).toBe(200);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(first.h1);
    // The account menu appears once the page is hydrated and Firebase knows the reader.
    await expect(navbar.accountMenu).toBeVisible();

    for (const scheme of ['light', 'dark'] as const) {
      if (scheme === 'dark') await switchColourScheme(page, 'dark');
      // The dark pass walks back from where the light one ended.
      for (const route of scheme === 'light' ? tour.routes : [...tour.routes].reverse()) {
        if (new URL(page.url()).pathname !== route.url) await followInApp(page, route);
        const violations = await blockingViolations(page, scheme, scopeOf(route));
        expect
          .soft(
            violations.map((violation) => violation.id),
            `${route.path}, ${scheme} mode:\n${describeViolations(violations)}`,
          )
          .toEqual([]);
      }
    }
  });
}

/** Pages in a state of their own: each loaded, brought to its state, and checked whole. (The search box's popup: search-accessibility.spec.ts.) */
interface CheckedPage {
  name: string;
  url: string;
  status: number;
  h1: string;
  /** What the browser logs on this page on purpose. */
  expectedErrors?: RegExp;
  /** What must be on screen, beyond the H1, before the page is checked. */
  ready?: (page: Page) => Promise<void>;
  /** What the test arranges before the page loads (a chunk the network fails, an error thrown). */
  arrange?: (page: Page) => Promise<unknown>;
  /** The page as a phone shows it. */
  phone?: boolean;
  /**
   * Whether the navbar shows the account menu: not on a phone (it is in the phone menu), nor when a
   * failure keeps it away (it needs the sign-in code, or the page never starts).
   */
  accountMenu?: boolean;
  /** A page that never hydrated follows no change of the system's mode: each mode is a load of its own. */
  unhydrated?: boolean;
}

const PHONE = {width: 375, height: 740};

const PAGES: readonly CheckedPage[] = [
  {
    name: 'the not-found page',
    url: '/no-such-tutorial',
    status: 404,
    h1: 'Page Not Found',
    expectedErrors: /status of 404 .*\/no-such-tutorial\)$/,
    // Its way on: what the search finds for the address's words, once the version's index has answered.
    ready: (page) => expect(page.getByRole('main').getByRole('heading', {level: 2, name: 'Pages about “no such tutorial”'})).toBeVisible(),
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
    ready: (page) => expect(page.getByText(/^\d+ results? in 1\.0\.$/)).toBeVisible(),
  },
  {
    name: 'a phone-width page with wide tables (Markdown features)',
    url: '/1.0/test',
    status: 200,
    h1: 'Markdown Feature Test',
    phone: true,
    accountMenu: false,
    ready: (page) => expect(page.getByRole('region', {name: /^Table: /}).first()).toBeVisible(),
  },
  {
    name: 'a phone-width page with a wide table (create a page)',
    url: '/1.0/tutorial-basics/create-a-page',
    status: 200,
    h1: 'Create a Page',
    phone: true,
    accountMenu: false,
    ready: (page) => expect(page.getByRole('region', {name: /^Table: /}).first()).toBeVisible(),
  },
  {
    name: 'the screen of a page whose code cannot be loaded',
    url: '/1.0/intro',
    status: 200,
    h1: 'This page could not be loaded',
    expectedErrors: CHUNK_FAILURE_ERRORS,
    arrange: blockPageChunks,
    accountMenu: false,
    unhydrated: true,
  },
  {
    name: 'the screen of a page whose sign-in code cannot be loaded',
    url: '/1.0/intro',
    status: 200,
    h1: 'This page cannot be shown right now',
    expectedErrors: CHUNK_FAILURE_ERRORS,
    arrange: abortSignInCodeOnce,
    accountMenu: false,
  },
  {
    name: 'the screen of a page that crashed',
    url: '/1.0/test',
    status: 200,
    h1: 'This page crashed',
    expectedErrors: CHUNK_FAILURE_ERRORS,
    arrange: throwFromFirstResizeObserver,
    ready: (page) => expect(page.getByText('Measuring the table failed')).toBeVisible(),
  },
  {
    name: 'a page with search terms highlighted',
    url: '/1.0/Collapsible?_highlight=accordionlike',
    status: 200,
    h1: 'Collapsible Sections',
    ready: (page) => expect(page.getByRole('article').locator('mark').first()).toBeVisible(),
  },
];

/**
 * The pages in a state of their own, checked one after another in one page where nothing is arranged
 * before they load: light first, then dark on the same page, as a reader's system switches (the page
 * follows it live). A page whose arrangement would outlive it, or that never hydrates, has a test of its own.
 */
const LOADED_IN_TURN = PAGES.filter((checked) => !checked.arrange && !checked.unhydrated);

async function openChecked(page: Page, navbar: Navbar, checked: CheckedPage, scheme: ColourScheme): Promise<void> {
  await page.emulateMedia({colorScheme: scheme});
  const response = await page.goto(checked.url);
  expect(response?.status()).toBe(checked.status);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(checked.h1);
  // The account menu appears once the page is hydrated and Firebase knows the reader.
  if (checked.accountMenu !== false) await expect(navbar.accountMenu).toBeVisible();
  await checked.ready?.(page);
}

for (const phone of [false, true]) {
  const checkedPages = LOADED_IN_TURN.filter((checked) => !!checked.phone === phone);
  test.describe(() => {
    const expectedErrors = checkedPages.flatMap((checked) => (checked.expectedErrors ? [checked.expectedErrors.source] : []));
    if (expectedErrors.length > 0) test.use({expectedErrors: new RegExp(expectedErrors.join('|'))});
    if (phone) test.use({viewport: PHONE});

    test(`${checkedPages.map((checked) => checked.name).join('; ')}: no serious or critical accessibility violations, light or dark`, async ({
      page,
      navbar,
    }) => {
      for (const checked of checkedPages) {
        await test.step(checked.name, async () => {
          await openChecked(page, navbar, checked, 'light');
          await expectAccessibleInEachScheme(page);
        });
      }
    });
  });
}

for (const checked of PAGES.filter((candidate) => !LOADED_IN_TURN.includes(candidate))) {
  test.describe(() => {
    if (checked.expectedErrors) test.use({expectedErrors: checked.expectedErrors});
    if (checked.phone) test.use({viewport: PHONE});

    test(`${checked.name} has no serious or critical accessibility violations, light or dark`, async ({page, navbar}) => {
      await checked.arrange?.(page);
      await openChecked(page, navbar, checked, 'light');
      if (!checked.unhydrated) {
        await expectAccessibleInEachScheme(page);
        return;
      }
      const light = await blockingViolations(page, 'light');
      await openChecked(page, navbar, checked, 'dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const dark = await blockingViolations(page, 'dark');
      for (const [scheme, violations] of [
        ['light', light],
        ['dark', dark],
      ] as const) {
        expect(
          violations.map((violation) => violation.id),
          `${scheme} mode:\n${describeViolations(violations)}`,
        ).toEqual([]);
      }
    });
  });
}
