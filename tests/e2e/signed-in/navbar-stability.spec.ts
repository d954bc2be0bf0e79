/** The navbar as a page loads: the account's place is kept, so nothing the reader may aim at moves when Firebase names them. */
import {expect, test} from '../fixtureSite';
import {expectNavbarSettled, mainNavbar} from '../navbar';

interface Watched {
  /** The layout shifts of anything in the navbar: what moved (its tag and classes), as the browser reports it (CLS). */
  navbarShifts: string[];
  /** Where the version menu was when the page's HTML had been read, before it hydrated. */
  versionMenuAtFirstPaint: number | null;
}

test('nothing in the navbar moves while a page loads and the account joins it', async ({page}) => {
  await page.addInitScript(() => {
    const watched = window as unknown as Watched;
    watched.navbarShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {sources?: {node?: Node | null}[]}[]) {
        for (const {node} of entry.sources ?? []) {
          const element = node instanceof Element ? node : node?.parentElement;
          if (element?.closest('nav.navbar'))
            watched.navbarShifts.push(`${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
        }
      }
    }).observe({type: 'layout-shift', buffered: true});
    document.addEventListener('DOMContentLoaded', () => {
      watched.versionMenuAtFirstPaint =
        document.querySelector('.navbar__items--right .dropdown > .navbar__link')?.getBoundingClientRect().x ?? null;
    });
  });
  for (const url of ['/chapter-1-introduction', '/1.0/intro', '/']) {
    await test.step(url, async () => {
      await page.goto(url);
      await expectNavbarSettled(page);
      const versionMenu = mainNavbar(page).locator('.navbar__items--right .dropdown > .navbar__link');
      const settled = (await versionMenu.boundingBox())!.x;
      const watched = await page.evaluate(() => {
        const {navbarShifts, versionMenuAtFirstPaint} = window as unknown as Watched;
        return {navbarShifts, versionMenuAtFirstPaint};
      });
      expect(watched).toEqual({navbarShifts: [], versionMenuAtFirstPaint: settled});
    });
  }
});
