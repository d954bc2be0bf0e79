/**
 * The box's links prefetch the code of the pages they lead to once per page, as Docusaurus's links do
 * elsewhere, however the query changes their addresses (`?_highlight=`, a section's anchor): before,
 * every new address of the same page was prefetched anew, each time walking every route of the site
 * (src/search/components/SearchLink.tsx).
 */
import {expect, test} from '../fixtureSite';

test('the pages the box suggests are prefetched once each, whatever words their addresses carry', async ({page, searchBox}) => {
  // What Docusaurus's prefetcher took on (it answers false for what it has already prefetched).
  await page.addInitScript(() => {
    const taken: string[] = [];
    Object.assign(window, {prefetchedAddresses: taken});
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      set(api: Window['docusaurus']) {
        const prefetch = (address: string) => {
          const started = api.prefetch(address);
          if (started !== false) taken.push(address);
          return started;
        };
        Object.defineProperty(window, 'docusaurus', {value: {...api, prefetch}, writable: true, configurable: true});
      },
    });
  });
  await page.goto('/1.0/intro');
  const suggested = new Set<string>();
  for (const query of ['docs', 'doc', 'docs page', 'page', 'pages']) {
    const suggestions = await searchBox.search(query);
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    for (const href of await suggestions.getByRole('option').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
      suggested.add(href.replace(/[?#].*$/, ''));
    // The frame that shows them runs the links' intersection observers.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  const addresses = await page.evaluate(() => (window as unknown as {prefetchedAddresses: string[]}).prefetchedAddresses);
  const pages = addresses.map((address) => address.replace(/[?#].*$/, ''));
  expect(
    pages.filter((prefetchedPage, at) => pages.indexOf(prefetchedPage) !== at),
    'pages prefetched more than once',
  ).toEqual([]);
  expect(
    [...suggested].filter((suggestedPage) => !pages.includes(suggestedPage)),
    'suggested pages not prefetched',
  ).toEqual([]);
});
