import {expect, test, type Locator, type Page} from '@playwright/test';
import {ROUTES} from '../../support/routes';
import {searchFromNavbar} from '../../support/search';
import {watchForErrors} from '../../support/pageErrors';

/** The site as the signed-in demo reader sees it. */

const READER_NAME = 'Demo Reader';
/** A word that only versioned_docs/version-1.0/Collapsible.md uses. */
const ONLY_IN_1_0 = 'accordionlike';
/** The plugin's search page takes the version as the version's path with a trailing slash. */
const SEARCH_1_0 = `/search?q=${ONLY_IN_1_0}&version=${encodeURIComponent('1.0/')}`;

function mainNavbar(page: Page): Locator {
  return page.getByRole('navigation', {name: 'Main'});
}

function colorModeToggle(page: Page): Locator {
  return page.getByRole('button', {name: /^Switch between dark and light mode/});
}

/** Docusaurus enables the colour-mode toggle once React has hydrated the page: clicks work from then on. */
async function expectHydrated(page: Page): Promise<void> {
  await expect(page.getByLabel(/^Switch between dark and light mode/).first()).toBeEnabled();
}

/**
 * The account menu joins the navbar once Firebase has answered, after hydration, and moves the
 * items beside it: a hover before that can end up beside its target.
 */
async function expectNavbarSettled(page: Page): Promise<void> {
  await expect(mainNavbar(page).getByRole('button', {name: `Signed in as ${READER_NAME}`})).toBeVisible();
}

test.describe('every route', () => {
  for (const route of ROUTES) {
    test(`${route.path} renders "${route.h1}"`, async ({page}) => {
      const response = await page.goto(route.url);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(route.url);
      await expect(page).toHaveTitle(route.title);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(route.h1);
      await expect(mainNavbar(page)).toBeVisible();
    });
  }

  test('an unknown path answers 404 with the not-found page', async ({page}) => {
    const response = await page.goto('/no-such-tutorial');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
    await expect(page.getByText('We could not find what you were looking for.')).toBeVisible();
    await expect(mainNavbar(page)).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found | Tutorial Hub');
  });
});

test.describe('other spellings of a page', () => {
  const VARIANTS = [
    {from: '/1.0/intro.html', to: '/1.0/intro', h1: 'Introduction to Tutorial Hub 1.0'},
    {from: '/chapter-1-introduction.html', to: '/chapter-1-introduction', h1: 'Chapter 1: Introduction'},
    {from: '/Chapter%202_%20Documentation.html', to: '/Chapter%202_%20Documentation', h1: 'Chapter 2: Documentation'},
    {from: '/1.0/index.html', to: '/1.0', h1: 'Tutorial Hub 1.0'},
    {from: '/chapter-1-introduction/', to: '/chapter-1-introduction', h1: 'Chapter 1: Introduction'},
    // The browser's router ignores letter case: the server must not call the page missing.
    {from: '/1.0/INTRO', to: '/1.0/intro', h1: 'Introduction to Tutorial Hub 1.0'},
    {from: '/chapter%202_%20documentation?x=1', to: '/Chapter%202_%20Documentation?x=1', h1: 'Chapter 2: Documentation'},
  ];

  for (const {from, to, h1} of VARIANTS) {
    test(`${from} is moved permanently to ${to}`, async ({page}) => {
      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      const redirect = await response?.request().redirectedFrom()?.response();
      expect(redirect?.status()).toBe(301);
      await expect(page).toHaveURL(to);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(h1);
    });
  }
});

test.describe('version dropdown', () => {
  function versionDropdown(page: Page, current: string): {trigger: Locator; menu: Locator} {
    const triggerRole = {name: current, exact: true};
    const trigger = mainNavbar(page).getByRole('button', triggerRole);
    // `has` is relative to the dropdown: the trigger's locator from the page root, not from the navbar.
    const dropdown = mainNavbar(page).locator('.dropdown').filter({has: page.getByRole('button', triggerRole)});
    return {trigger, menu: dropdown.getByRole('list')};
  }

  test('lists 2.0 and 1.0 and switches between them', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    await expectNavbarSettled(page);
    let dropdown = versionDropdown(page, '2.0');
    await dropdown.trigger.hover();
    await expect(dropdown.menu.getByRole('link')).toHaveText(['2.0', '1.0']);
    await dropdown.menu.getByRole('link', {name: '1.0', exact: true}).click();

    await expect(page).toHaveURL('/1.0/chapter-1-introduction');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Chapter 1: Introduction');
    dropdown = versionDropdown(page, '1.0');
    await expect(dropdown.trigger).toBeVisible();
    await dropdown.trigger.hover();
    await expect(dropdown.menu.getByRole('link')).toHaveText(['2.0', '1.0']);
    await dropdown.menu.getByRole('link', {name: '2.0', exact: true}).click();

    await expect(page).toHaveURL('/chapter-1-introduction');
    await expect(versionDropdown(page, '2.0').trigger).toBeVisible();
  });

  test('from a page 1.0 lacks, 1.0 leads to its main doc, /1.0/intro', async ({page}) => {
    await page.goto('/reusable1');
    await expectNavbarSettled(page);
    const {trigger, menu} = versionDropdown(page, '2.0');
    await trigger.hover();
    const oneZero = menu.getByRole('link', {name: '1.0', exact: true});
    await expect(oneZero).toHaveAttribute('href', '/1.0/intro');
    await oneZero.click();
    await expect(page).toHaveURL('/1.0/intro');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Introduction to Tutorial Hub 1.0');
  });
});

test.describe('search', () => {
  test('a 1.0 page finds a word of its version and highlights it on the page found', async ({page}) => {
    await page.goto('/1.0/intro');
    const suggestions = await searchFromNavbar(page, ONLY_IN_1_0);
    const options = suggestions.getByRole('option');
    await expect(options.first()).toContainText('Collapsible Sections');
    await expect(options.first().locator('mark')).toHaveText(ONLY_IN_1_0);

    await options.first().click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*/1\\.0/Collapsible\\?_highlight=${ONLY_IN_1_0}(#[\\w-]+)?$`));
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
    await expect(page.getByRole('article').locator('mark').first()).toHaveText(ONLY_IN_1_0);
    await expect(page.getByRole('article').locator('mark').first()).toBeVisible();
  });

  test('shows at most 8 suggestions', async ({page}) => {
    for (const word of ['docs', 'page']) {
      await page.goto('/1.0/intro');
      const suggestions = await searchFromNavbar(page, word);
      // Both words are on far more than 8 sections: the limit, not the index, stops the list.
      // The "See all results" footer is an option too (a listbox holds options only), but not a suggestion.
      await expect(suggestions.getByRole('option').filter({hasNotText: /^See all results/})).toHaveCount(8);
    }
  });

  test('a 2.0 page searches the 2.0 index only', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    const suggestions = await searchFromNavbar(page, ONLY_IN_1_0);
    await expect(suggestions.getByText('No results')).toBeVisible();
    await expect(suggestions.getByRole('option')).toHaveCount(0);
  });

  test('"See all results" opens the search page of the version', async ({page}) => {
    await page.goto('/1.0/intro');
    const suggestions = await searchFromNavbar(page, ONLY_IN_1_0);
    await suggestions.getByRole('option', {name: 'See all results'}).click();
    await expect(page).toHaveURL(/\/search\?q=accordionlike&version=1\.0%2F$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${ONLY_IN_1_0}"`);
    await expect(page.getByRole('article').first()).toContainText('Collapsible Sections');
  });

  test('the search page answers ?q= in the version given', async ({page}) => {
    await page.goto(SEARCH_1_0);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${ONLY_IN_1_0}"`);
    await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue(ONLY_IN_1_0);
    const results = page.getByRole('article');
    await expect(page.getByText(/^\d+ documents? found$/)).toBeVisible();
    await expect(results.first()).toContainText('Tutorials › Tutorial Hub 1.0 › Collapsible Sections');
    await expect(results.first().getByRole('link')).toHaveAttribute('href', /^\/1\.0\/Collapsible\?_highlight=accordionlike/);

    await results.first().getByRole('link').click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Collapsible Sections');
    await expect(page.getByRole('article').locator('mark').first()).toHaveText(ONLY_IN_1_0);
  });

  test('the search page without a version searches 2.0', async ({page}) => {
    await page.goto(`/search?q=${ONLY_IN_1_0}`);
    await expect(page.getByText('No documents were found')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  for (const query of ['title:', 'foo~x', 'foo^x', '+', 'unknownfield:deploy', '*', '-']) {
    test(`the malformed query ${JSON.stringify(query)} breaks neither the search box nor the search page`, async ({page}) => {
      const errors = watchForErrors(page);

      await page.goto('/1.0/intro');
      const suggestions = await searchFromNavbar(page, query);
      await expect(suggestions.getByRole('option').or(suggestions.getByText('No results')).first()).toBeVisible();
      await expect(mainNavbar(page)).toBeVisible();

      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${query}"`);
      await expect(page.getByText(/^(\d+ documents? found|No documents were found)$/)).toBeVisible();
      await expect(mainNavbar(page)).toBeVisible();

      expect(errors).toEqual([]);
    });
  }
});

test.describe('colour mode', () => {
  test.describe('with a light system preference', () => {
    test.use({colorScheme: 'light'});

    test('starts light, following the system', async ({page}) => {
      await page.goto('/chapter-1-introduction');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
      await expect(colorModeToggle(page)).toHaveAccessibleName('Switch between dark and light mode (currently system mode)');
    });

    test('the toggle cycles light, dark, system', async ({page}) => {
      await page.goto('/chapter-1-introduction');
      const html = page.locator('html');
      await expect(colorModeToggle(page)).toBeEnabled();

      for (const {choice, theme} of [
        {choice: 'light', theme: 'light'},
        {choice: 'dark', theme: 'dark'},
        {choice: 'system', theme: 'light'},
      ]) {
        await colorModeToggle(page).click();
        await expect(html).toHaveAttribute('data-theme-choice', choice);
        await expect(html).toHaveAttribute('data-theme', theme);
        await expect(colorModeToggle(page)).toHaveAccessibleName(`Switch between dark and light mode (currently ${choice} mode)`);
        await expect(colorModeToggle(page)).toHaveAttribute('title', `${choice} mode`);
      }
    });

    test('the choice persists after a reload', async ({page}) => {
      await page.goto('/chapter-1-introduction');
      await expect(colorModeToggle(page)).toBeEnabled();
      await colorModeToggle(page).click();
      await colorModeToggle(page).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'dark');
      await expect(colorModeToggle(page)).toHaveAccessibleName('Switch between dark and light mode (currently dark mode)');

      // Back to "system": the stored choice goes, and the page follows the (light) system again.
      await colorModeToggle(page).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    });
  });

  test('follows a dark system preference', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/chapter-1-introduction');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
  });
});

test.describe('page furniture', () => {
  test('the announcement bar welcomes the reader and cannot be closed', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    await expectHydrated(page);
    const bar = page.getByRole('banner').filter({hasText: 'Welcome to the Tutorial Hub!'});
    await expect(bar).toHaveText('Welcome to the Tutorial Hub! Stay tuned for more tutorials.');
    await expect(bar.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', {name: 'Close'})).toHaveCount(0);
  });

  test('the first Tab focuses "Skip to main content", which skips the navbar and sidebar', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    await expectHydrated(page);
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skipLink).toBeFocused();
    // The link focuses <main> for a moment; the next Tab lands on the first control inside it (the breadcrumbs).
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', {name: 'Home page'})).toBeFocused();
  });

  test('the footer is dark, with a "More" column and this year\'s copyright', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toHaveClass(/\bfooter--dark\b/);
    const more = footer.locator('.footer__col').filter({has: page.getByText('More', {exact: true})});
    await expect(more.getByRole('link', {name: 'GitHub'})).toHaveAttribute('href', 'https://github.com/tutorial-hub');
    await expect(more.getByRole('link', {name: 'Contact us'})).toHaveAttribute('href', /^mailto:[^@]+@[^@]+$/);
    await expect(footer.getByText(`Copyright © ${new Date().getFullYear()} Tutorial Hub.`)).toBeVisible();
  });

  test('the table of contents lists the h2 and h3 headings only', async ({page}) => {
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

  test('the account menu shows the signed-in reader', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    const account = mainNavbar(page).getByRole('button', {name: `Signed in as ${READER_NAME}`});
    await expect(account).toBeVisible();
    await expect(account).toHaveText(`Signed in as ${READER_NAME}`);
  });

  test('has no language menu: the site has one locale', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    await expectHydrated(page);
    await expect(mainNavbar(page).getByText(/English|Languages/)).toHaveCount(0);
  });
});

test('the home page has one banner (the announcement bar) and one main landmark', async ({page}) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText('Tutorial Hub');
});

test.describe('on a phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('the menu button opens the doc sidebar, and "Back to main menu" the site menu', async ({page}) => {
    await page.goto('/1.0/test');
    await expectHydrated(page);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();

    const sidebar = page.locator('.navbar-sidebar');
    const back = sidebar.getByRole('button', {name: '← Back to main menu'});
    await expect(back).toBeInViewport();
    for (const item of ['Introduction to Tutorial Hub 1.0', 'Collapsible Sections', 'Markdown Feature Test', 'Tutorial - Basics']) {
      await expect(sidebar.getByRole('link', {name: item, exact: true})).toBeInViewport();
    }

    await back.click();
    await expect(sidebar.getByRole('link', {name: 'Tutorials', exact: true})).toBeInViewport();
    await expect(sidebar.getByRole('link', {name: 'GitHub'})).toBeInViewport();
    await expect(sidebar.getByText(`Signed in as ${READER_NAME}`)).toBeInViewport();
    await expect(sidebar.getByRole('link', {name: 'Collapsible Sections'})).not.toBeInViewport();
    // One locale: no language menu among the site's items.
    await expect(sidebar.getByText(/English|Languages/)).toHaveCount(0);

    await sidebar.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(back).not.toBeInViewport();
  });
});
