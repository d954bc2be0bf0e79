/**
 * The not-found page (src/theme/NotFound/Content.tsx, src/notFound): the same page in the reader's other
 * versions, the ways on, and the pages the address's words find in its version. What it makes of an
 * address is tabled (tests/unit/notFoundHelp.test.ts); that the gate sends it, in the browser (not-found.spec.ts).
 */
import {screen, waitFor, within} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import NotFoundContent from '@theme/NotFound/Content';
import {renderPage} from './support/render';
import {failNextSearch} from './support/searchWorker';

const main = () => within(screen.getByRole('main'));
const waysOn = () =>
  within(main().getByRole('heading', {level: 2, name: 'Ways on'}).nextElementSibling as HTMLElement)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the not-found page', () => {
  it("names the same page in the reader's other version, and the ways on in the address's version", async () => {
    renderPage(<NotFoundContent />, {path: '/1.0/overview'});
    expect(main().getByRole('heading', {level: 1})).toHaveTextContent('Page Not Found');
    expect(main().getByText(/^There is no page at this address\./)).toHaveTextContent(
      'There is no page at this address. The same page is in version 2.0.',
    );
    expect(waysOn()).toEqual([
      ['This page in version 2.0', '/overview'],
      ['The home page', '/'],
      ['The first page of version 1.0', '/1.0/intro'],
      ['Search version 1.0 for “overview”', '/search?q=overview&version=1.0%2F'],
    ]);
    expect(await main().findByText('No page of version 1.0 matches “overview”.')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page Not Found | Tutorial Hub'));
  });

  it("lists the pages the address's words find, for an address no version has", async () => {
    renderPage(<NotFoundContent />, {path: '/1.0/tutorial-basics/markdown'});
    expect(main().getByText(/^There is no page at this address\./)).toHaveTextContent(
      'There is no page at this address. The link that led here may be mistyped, or the page may have moved.',
    );
    const found = await main().findByRole('heading', {level: 2, name: 'Pages about “markdown”'});
    const pages = within(found.nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(pages.map((page) => page.textContent)).toEqual(['Markdown FeaturesTutorial - Basics']);
    expect(within(pages[0]!).getByRole('link')).toHaveAttribute('href', '/1.0/tutorial-basics/markdown-features');
  });

  it('says so when those pages cannot be looked up, leaving the search page as a way on', async () => {
    failNextSearch();
    renderPage(<NotFoundContent />, {path: '/1.0/tutorial-basics/markdown'});
    expect(
      await main().findByText('Pages about these words could not be looked up just now; the search page may find them.'),
    ).toBeVisible();
    expect(waysOn()).toContainEqual(['Search version 1.0 for “markdown”', '/search?q=markdown&version=1.0%2F']);
  });
});
