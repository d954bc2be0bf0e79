/**
 * Other spellings of a page's address lead to the page (the gate's decisions: tests/unit/requestPath.test.ts;
 * its 301s: tests/integration/gate-hardening.test.ts). Here a browser follows them.
 */
import {expect, test} from '../fixtures';

const SPELLINGS = [
  {from: '/1.0/intro.html', to: '/1.0/intro', h1: 'Introduction to Tutorial Hub 1.0'},
  {from: '/chapter-1-introduction.html', to: '/chapter-1-introduction', h1: 'Chapter 1: Introduction'},
  {from: '/Chapter%202_%20Documentation.html', to: '/Chapter%202_%20Documentation', h1: 'Chapter 2: Documentation'},
  {from: '/1.0/index.html', to: '/1.0', h1: 'Tutorial Hub 1.0'},
  {from: '/chapter-1-introduction/', to: '/chapter-1-introduction', h1: 'Chapter 1: Introduction'},
  // The browser's router ignores letter case: the server must not call the page missing.
  {from: '/1.0/INTRO', to: '/1.0/intro', h1: 'Introduction to Tutorial Hub 1.0'},
  {from: '/chapter%202_%20documentation?x=1', to: '/Chapter%202_%20Documentation?x=1', h1: 'Chapter 2: Documentation'},
];

test('every other spelling of a page is moved permanently to the page', async ({page}) => {
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
