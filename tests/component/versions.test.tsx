/**
 * The version the reader is in, in the site's navbar: the version menu (src/theme/NavbarItem/DocsVersionDropdownNavbarItem.tsx)
 * and where its entries lead, and one version for the reader: the one chosen in the menu is the one "Tutorials",
 * the box and the search page use off the docs, while a doc, and an address that names a version, keep theirs.
 * The rules are tabled (tests/unit/searchScope.test.ts, versionTarget.test.ts); these prove the navbar and the
 * pages follow them.
 */
import type {ReactNode} from 'react';
import {screen, waitFor, within} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import Layout from '@theme/Layout';
import SearchPage from '../../src/theme/SearchPage';
import {ONLY_IN_1_0} from '../support/searchWords';
import {navbar, openVersionMenu, tutorialsLink, versionMenu} from './support/navbar';
import {addressOf, renderPage, type PageKind} from './support/render';
import {searchFor} from './support/searchBox';
import {searchesAsked} from './support/searchWorker';

/** A page of the site in its layout: its navbar, and a heading. */
function sitePage(path: string, kind: PageKind = 'doc') {
  const content: ReactNode = (
    <Layout>
      <main>
        <h1>{path}</h1>
      </main>
    </Layout>
  );
  return renderPage(content, {path, kind});
}

const menuLinks = (menu: ReturnType<typeof versionMenu>['menu']) =>
  menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

// replaces e2e/signed-in/version-menu.spec.ts "the menu lists 2.0 and 1.0, switches between them, and takes the query
// and the anchor along to the same page only"
describe('the version menu', () => {
  it('lists 2.0 and 1.0, each leading to the same page in it, and switches between them', async () => {
    const {user, history} = sitePage('/chapter-1-introduction');
    let {menu} = versionMenu('2.0');
    expect(menuLinks(menu)).toEqual([
      ['2.0', '/chapter-1-introduction'],
      ['1.0', '/1.0/chapter-1-introduction'],
    ]);
    await user.click(menu.getByRole('link', {name: '1.0'}));
    expect(addressOf(history)).toBe('/1.0/chapter-1-introduction');

    ({menu} = versionMenu('1.0'));
    expect(menuLinks(menu)).toEqual([
      ['2.0', '/chapter-1-introduction'],
      ['1.0', '/1.0/chapter-1-introduction'],
    ]);
    await user.click(menu.getByRole('link', {name: '2.0'}));
    expect(addressOf(history)).toBe('/chapter-1-introduction');
    expect(versionMenu('2.0').trigger).toBeVisible();
  });

  it("takes the page's query and anchor along to the same page", async () => {
    const {user} = sitePage('/chapter-1-introduction?tab=npm#what-you-will-learn');
    const menu = await openVersionMenu(user, '2.0');
    expect(menu.getByRole('link', {name: '1.0'})).toHaveAttribute('href', '/1.0/chapter-1-introduction?tab=npm#what-you-will-learn');
  });

  it("from a page the other version lacks, leads to that version's main doc, without the page's anchor", async () => {
    const {user, history} = sitePage('/reusable1?tab=npm#an-anchor-of-this-page');
    const menu = await openVersionMenu(user, '2.0');
    const oneZero = menu.getByRole('link', {name: '1.0'});
    expect(oneZero).toHaveAttribute('href', '/1.0/intro');
    await user.click(oneZero);
    expect(addressOf(history)).toBe('/1.0/intro');
  });
});

// replaces e2e/signed-in/search-version-choice.spec.ts "the version chosen in the menu is the one the home page shows,
// links to and searches; a doc or an address of the other keeps its own" (the index files a page loads: search-loading.spec.ts)
describe('the version the reader chose', () => {
  it('is not the one they visited: the home page is in 2.0 after a 1.0 doc', () => {
    const doc = sitePage('/1.0/intro');
    expect(versionMenu('1.0').trigger).toBeVisible();
    expect(tutorialsLink()).toHaveAttribute('href', '/1.0/intro');
    doc.unmount();

    sitePage('/', 'page');
    expect(versionMenu('2.0').trigger).toBeVisible();
    expect(tutorialsLink()).toHaveAttribute('href', '/overview');
  });

  it('chosen in the menu, is what the home page shows, links to and searches, from one load to the next', async () => {
    const home = sitePage('/', 'page');
    const menu = await openVersionMenu(home.user, '2.0');
    await home.user.click(menu.getByRole('link', {name: '1.0'}));
    expect(addressOf(home.history)).toBe('/1.0/intro');
    home.unmount();

    const {user} = sitePage('/', 'page');
    await waitFor(() => expect(versionMenu('1.0').trigger).toBeVisible());
    expect(navbar().queryByRole('button', {name: '2.0'})).toBeNull();
    expect(tutorialsLink()).toHaveAttribute('href', '/1.0/intro');
    const popup = await searchFor(user, ONLY_IN_1_0);
    expect(searchesAsked.at(-1)).toEqual({versionUrl: '/1.0/', query: ONLY_IN_1_0});
    expect(popup.getAllByRole('option')[0]).toHaveTextContent(/^Collapsible Sections/);
    expect(popup.getByRole('link', {name: 'See all results'})).toHaveAttribute('href', `/search?q=${ONLY_IN_1_0}&version=1.0%2F`);
  });

  it('is what an address without a version searches; the search page searches 2.0 when told, and the navbar follows it', async () => {
    localStorage.setItem('docs-preferred-version-default', '1.0');
    const {user} = renderPage(<SearchPage />, {path: `/search?q=${ONLY_IN_1_0}`, page: true});
    const main = within(screen.getByRole('main'));
    const sectionMenu = () => main.getByRole('combobox', {name: 'Search in'});
    await waitFor(() => expect(within(sectionMenu()).getByRole('option', {selected: true})).toHaveTextContent('All of 1.0'));
    await waitFor(() => expect(main.getAllByRole('article')[0]).toHaveTextContent('Collapsible Sections'));
    expect(versionMenu('1.0').trigger).toBeVisible();

    await user.selectOptions(main.getByRole('combobox', {name: 'Version'}), 'Version 2.0');
    expect(await main.findByText(/^No results in 2\.0\./)).toBeInTheDocument();
    expect(within(sectionMenu()).getByRole('option', {selected: true})).toHaveTextContent('All of 2.0');
    expect(versionMenu('2.0').trigger).toBeVisible();
    expect(tutorialsLink()).toHaveAttribute('href', '/overview');
  });

  it("gives way to a doc's own version: the menu, the link and the box follow the page, and the box links to 1.0, which has answers", async () => {
    localStorage.setItem('docs-preferred-version-default', '1.0');
    const {user, history} = sitePage('/overview');
    await waitFor(() => expect(versionMenu('2.0').trigger).toBeVisible());
    expect(tutorialsLink()).toHaveAttribute('href', '/overview');
    const popup = await searchFor(user, ONLY_IN_1_0);
    const status = popup.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(/^No results in 2\.0\. Search all versions: 1 result in 1\.0$/));
    expect(popup.queryByRole('listbox')).toBeNull();
    const elsewhere = within(status).getByRole('link', {name: 'Search all versions: 1 result in 1.0'});
    expect(elsewhere).toHaveAttribute('href', `/search?q=${ONLY_IN_1_0}&version=1.0%2F`);
    await user.click(elsewhere);
    expect(addressOf(history)).toBe(`/search?q=${ONLY_IN_1_0}&version=1.0%2F`);
  });
});
