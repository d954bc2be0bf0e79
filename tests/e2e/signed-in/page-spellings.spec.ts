/**
 * Other spellings of a page's address lead to the page (the gate's decisions: tests/unit/requestPath.test.ts;
 * its 301 for each spelling: tests/integration/serving.test.ts). Here a browser follows two of them
 * to the page it renders: a file name, and the letter case the browser's router would otherwise ignore.
 */
import {expect, test} from '../fixtureSite';

const SPELLINGS = [
  {from: '/docs/Chapter%202_%20Documentation.html', to: '/docs/Chapter%202_%20Documentation', h1: 'Chapter 2: Documentation'},
  {from: '/1.0/INTRO', to: '/1.0/intro', h1: 'Introduction to Tutorial Hub 1.0'},
];

test('another spelling of a page is moved permanently to the page', async ({page}) => {
  for (const {from, to, h1} of SPELLINGS) {
    await test.step(`${from} → ${to}`, async () => {
      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      const redirect = await response?.request().redirectedFrom()?.response();
      expect(redirect?.status()).toBe(301);
      await expect(page).toHaveURL(to);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(h1);
    });
  }
});
