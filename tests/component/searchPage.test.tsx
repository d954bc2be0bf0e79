/**
 * The search page (src/theme/SearchPage) in the site's layout: its answers grouped by page and headed by
 * the page's title, its version and section menus, what it says when the address names nothing or nothing
 * is found, and odd queries. What its address means is tabled (tests/unit/searchPageAddress.test.ts);
 * loading, layout and the keys typed before hydration stay in the browser (e2e/signed-in/search-page.spec.ts).
 */
import {screen, waitFor, within} from '@testing-library/react';
import type {UserEvent} from '@testing-library/user-event';
import {describe, expect, it} from 'vitest';
import SearchPage from '../../src/theme/SearchPage';
import {ONLY_IN_1_0} from '../support/searchWords';
import {addressOf, renderPage} from './support/render';
import {PAGES_1_0, PAGES_2_0} from './support/site';
import {failNextSearch} from './support/searchWorker';
import {expectConsoleErrors} from './support/setup';

const FOUND = /^\d+ results? in \d+\.\d+\.$/;
const main = () => within(screen.getByRole('main'));
const field = () => main().getByRole('searchbox', {name: 'Search'});
const versionMenu = () => main().getByRole('combobox', {name: 'Version'});
const sectionMenu = () => main().getByRole('combobox', {name: 'Search in'});
/** The line that says what was found. */
const status = () => main().getByText(/^(No results in |\d+ results? in )/);
/** The pages listed, by their links' addresses without the highlight. */
const resultLinks = () =>
  main()
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading', {level: 2}).querySelector('a')!.getAttribute('href')!.replace(/\?.*$/, ''));

/** Waits until the status says `text` (the answer or the way on that follows it). */
async function expectStatus(text: string | RegExp): Promise<void> {
  await waitFor(() => {
    const said = status().textContent;
    if (typeof text === 'string') expect(said).toBe(text);
    else expect(said).toMatch(text);
  });
}

/** Replaces the query at once, as the browser tests' `fill` does. */
async function retype(user: UserEvent, query: string): Promise<void> {
  await user.clear(field());
  await user.paste(query);
}

describe('the search page', () => {
  // replaces e2e/signed-in/search-groups.spec.ts "a 2.0 page's box: …", its step "the search page lists a page's other sections
  // that hold the query under it, each a link to its heading" (the heading scrolled into view, and the built pages' titles, stay there)
  it("heads each page's group with the page's title, the section that matched under it, and its other sections as links", async () => {
    const {user, history} = renderPage(<SearchPage />, {path: '/search?q=sidebar&version=2.0', page: true});
    expect(main().getByRole('heading', {level: 1})).toHaveTextContent('Search results for "sidebar"');
    await expectStatus(FOUND);
    await waitFor(() => expect(document.title).toBe('Search results for "sidebar" | Tutorial Hub'));
    const titles = new Map([...PAGES_2_0, ...PAGES_1_0].map((page) => [page.url, page.title]));
    const heads = main()
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading', {level: 2}));
    expect(heads.length).toBeGreaterThan(1);
    for (const head of heads)
      expect(head.textContent).toBe(
        titles.get(
          head
            .querySelector('a')!
            .getAttribute('href')!
            .replace(/[?#].*$/, ''),
        ),
      );

    const chapter = main()
      .getAllByRole('article')
      .find((article) => within(article).queryByRole('heading', {level: 2, name: 'Chapter 2: Documentation'}))!;
    expect(within(chapter).getByText('Sidebars', {exact: true})).toBeInTheDocument();
    const more = within(within(chapter).getByRole('list', {name: 'More in Chapter 2: Documentation'}));
    expect(more.getAllByRole('listitem')).toHaveLength(2);
    const frontMatter = more.getByRole('link', {name: 'Front matter'});
    expect(frontMatter).toHaveAttribute('href', '/Chapter 2_ Documentation?_highlight=sidebar#front-matter');
    expect(frontMatter.closest('li')).toHaveTextContent('sidebar_position: 4');
    await user.click(frontMatter);
    expect(addressOf(history)).toBe('/Chapter 2_ Documentation?_highlight=sidebar#front-matter');
  });

  // replaces e2e/signed-in/search-page.spec.ts "never dead-ends: it names what the address got wrong, offers the wider search …",
  // all but its axe and phone-screen checks, which stay there ("its no-results states pass axe …")
  it('never dead-ends: names what the address got wrong, offers the wider search where it has answers, else a tip, and lets the reader choose', async () => {
    const {user, history} = renderPage(<SearchPage />, {path: `/search?q=${ONLY_IN_1_0}&version=9.9%2F`, page: true});
    const param = (name: string) => new URLSearchParams(history.location.search).get(name);
    expect(main().getByRole('status')).toHaveTextContent(
      'There is no version “9.9” of these docs. Showing results from all of version 2.0.',
    );
    await expectStatus('No results in 2.0. Search all versions: 1 result in 1.0');
    expect(main().queryAllByRole('article')).toEqual([]);
    await user.click(within(status()).getByRole('link', {name: 'Search all versions: 1 result in 1.0'}));
    expect(param('version')).toBe('1.0/');
    await expectStatus('1 result in 1.0.');
    expect(versionMenu()).toHaveValue('1.0');
    expect(main().queryByRole('status')).toBeNull();

    // A section without answers offers everywhere, where its version has some.
    await user.selectOptions(sectionMenu(), 'Tutorial - Basics (1.0)');
    expect([param('ctx'), param('version')]).toEqual(['1.0/tutorial-basics', '1.0/']);
    await expectStatus('No results in Tutorial - Basics (1.0). Search everywhere: 1 result in 1.0');
    await user.click(within(status()).getByRole('link', {name: 'Search everywhere: 1 result in 1.0'}));
    await expectStatus('1 result in 1.0.');
    expect(param('ctx')).toBeNull();
    expect(sectionMenu()).toHaveValue('');

    // Nothing anywhere, from a section or not: a tip, and no link that leads to the same nothing.
    await retype(user, 'zqxj vvkw');
    await expectStatus('No results in 1.0. Try fewer or other words, and check their spelling.');
    await user.selectOptions(sectionMenu(), 'Tutorial - Basics (1.0)');
    await expectStatus('No results in Tutorial - Basics (1.0). Try fewer or other words, and check their spelling.');
    expect(within(status()).queryByRole('link')).toBeNull();
    await user.selectOptions(sectionMenu(), '');
    await retype(user, ONLY_IN_1_0);
    await expectStatus('1 result in 1.0.');

    // The version menu keeps the query.
    await user.selectOptions(versionMenu(), 'Version 2.0');
    await expectStatus('No results in 2.0. Search all versions: 1 result in 1.0');
    expect(param('version')).toBe('2.0');
    expect(field()).toHaveValue(ONLY_IN_1_0);
    await user.selectOptions(versionMenu(), 'Version 1.0');
    await expectStatus('1 result in 1.0.');
    expect(param('version')).toBe('1.0/');
  });

  // replaces e2e/signed-in/search-page.spec.ts "queries of every shape break nothing: … Each version offers its own sections,
  // and each section keeps to its pages of the version's one index" (the built index's sections, one index per version:
  // tests/integration/search-sections.test.ts)
  it('answers queries of every shape, takes no focus, and offers each version its own sections, each keeping to its pages', async () => {
    const huge = Array.from({length: 300}, (_, i) => `word${i}x`)
      .join(' ')
      .slice(0, 3000);
    const {user, history} = renderPage(<SearchPage />, {path: `/search?${new URLSearchParams({q: huge, version: '1.0/'})}`, page: true});
    await expectStatus(/^No results in 1\.0\./);
    expect(field()).not.toHaveFocus();
    for (const query of ['title:', 'foo~x', 'foo^x', '+', 'unknownfield:deploy', '*', '-']) {
      await retype(user, query);
      expect(new URLSearchParams(history.location.search).get('q')).toBe(query);
      expect(main().getByRole('heading', {level: 1})).toHaveTextContent(`Search results for "${query}"`);
      await expectStatus(/^(\d+ results? in 1\.0\.|No results in 1\.0\.( .*)?)$/);
    }
    await retype(user, ONLY_IN_1_0);
    await waitFor(() => expect(main().getAllByRole('article')[0]).toHaveTextContent('Collapsible Sections'));

    await retype(user, 'page');
    for (const [version, sections] of [
      ['1.0', ['1.0/tutorial-basics', '1.0/tutorial-extras']],
      ['2.0', ['tutorial-basics', 'guides']],
    ] as const) {
      await user.selectOptions(versionMenu(), `Version ${version}`);
      await expectStatus(`${version === '1.0' ? 3 : 13} results in ${version}.`);
      expect(
        within(sectionMenu())
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        `All of ${version}`,
        ...sections.map(
          (path) =>
            `${path.endsWith('guides') ? 'Guides' : path.endsWith('extras') ? 'Tutorial - Extras' : 'Tutorial - Basics'} (${version})`,
        ),
      ]);
      const whole = resultLinks();
      for (const section of sections) {
        await user.selectOptions(sectionMenu(), section);
        expect(new URLSearchParams(history.location.search).get('ctx')).toBe(section);
        await waitFor(() => expect(resultLinks().filter((href) => !href.startsWith(`/${section}/`))).toEqual([]));
        expect(resultLinks().length).toBeGreaterThan(0);
        expect(resultLinks().length).toBeLessThan(whole.length);
      }
      await user.selectOptions(sectionMenu(), '');
      await waitFor(() => expect(resultLinks()).toEqual(whole));
    }
  });

  it('says so when the search cannot be made', async () => {
    expectConsoleErrors(/^Search failed:/);
    failNextSearch();
    renderPage(<SearchPage />, {path: '/search?q=sidebar&version=2.0', page: true});
    expect(await main().findByRole('alert')).toHaveTextContent(
      'Search is unavailable right now: the index of these docs could not be loaded. Change the query or try again in a moment.',
    );
  });
});
