/** The navbar as a page loads: the account's place is kept, so nothing the reader may aim at moves when Firebase names them. */
import {expect, test} from '../fixtureSite';
import {watchLayoutShifts} from '../layoutShifts';

interface Watched {
  /** Where the version menu was when the page's HTML had been read, before it hydrated. */
  versionMenuAtFirstPaint: number | null;
}

const VERSION_MENU = '.navbar__items--right .dropdown > .navbar__link';

test('nothing in the navbar moves while a page loads and the account joins it', async ({page, navbar}) => {
  const navbarShifts = await watchLayoutShifts(page, 'nav.navbar');
  await page.addInitScript((versionMenu) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as Watched).versionMenuAtFirstPaint = document.querySelector(versionMenu)?.getBoundingClientRect().x ?? null;
    });
  }, VERSION_MENU);
  for (const url of ['/docs/chapter-1-introduction', '/1.0/intro', '/']) {
    await test.step(url, async () => {
      await page.goto(url);
      await navbar.expectSettled();
      const settled = (await navbar.main.locator(VERSION_MENU).boundingBox())!.x;
      const watched = {
        navbarShifts: await navbarShifts(),
        versionMenuAtFirstPaint: await page.evaluate(() => (window as unknown as Watched).versionMenuAtFirstPaint),
      };
      expect(watched).toEqual({navbarShifts: [], versionMenuAtFirstPaint: settled});
    });
  }
});
