/**
 * How the box's popup looks: the active suggestion stands out against the popup in each colour mode
 * (the colours' values: tests/unit/searchBoxColours.test.ts), and the popup names the keys it answers
 * to, as DocSearch's footer does, where there are keys: not on a phone's sheet.
 */
import type {Locator} from '@playwright/test';
import {switchColourScheme} from '../../support/axe';
import {contrastRatio} from '../../support/contrast';
import {expect, test} from '../fixtureSite';

/** The option's background and text, and the background it sits on (its nearest ancestor that paints one), as computed. */
const coloursOf = (option: Locator) =>
  option.evaluate((element) => {
    const painted = (colour: string) => colour !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour);
    let around = element.parentElement!;
    while (!painted(getComputedStyle(around).backgroundColor)) around = around.parentElement!;
    return {
      background: getComputedStyle(element).backgroundColor,
      text: getComputedStyle(element).color,
      around: getComputedStyle(around).backgroundColor,
    };
  });

test('the active suggestion stands out at 3:1 and more against the popup, light and dark', async ({page, searchBox}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await page.goto('/1.0/intro');
  const popup = await searchBox.search('markdown');
  await searchBox.box.press('ArrowDown');
  const active = popup.getByRole('option', {selected: true});
  await expect(active).toHaveCount(1);

  for (const scheme of ['light', 'dark'] as const) {
    await test.step(`${scheme}: the active suggestion 3:1 and more against the popup, its text 4.5:1 and more on it`, async () => {
      await switchColourScheme(page, scheme);
      const {background, text, around} = await coloursOf(active);
      expect(contrastRatio(background, around), `${background} on ${around}`).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    });
  }
});

test('the popup names the keys its list answers to; a phone’s sheet, which has no keys, does not', async ({page, searchBox}) => {
  await page.goto('/1.0/intro');
  const popup = await searchBox.search('markdown');

  await test.step('the keys the list answers to, named in words for screen readers', async () => {
    const keys = popup.getByRole('list', {name: 'Keys'});
    await expect(keys).toBeVisible();
    await expect(keys).toMatchAriaSnapshot(`
      - list "Keys":
        - listitem: Enter to select
        - listitem: Up arrow Down arrow to navigate
        - listitem: Escape to close
    `);
    // What the eye reads: the keys' glyphs.
    await expect(keys.getByRole('listitem')).toContainText(['↵', '↑', 'esc']);
  });

  await test.step('a phone’s sheet, which has no keys, names none', async () => {
    await searchBox.box.press('Escape');
    await page.setViewportSize({width: 390, height: 844});
    await searchBox.box.click();
    const sheet = page.getByRole('dialog', {name: 'Search'});
    await expect(sheet.getByRole('option').first()).toBeVisible();
    await expect(sheet.getByRole('list', {name: 'Keys'})).toHaveCount(0);
  });
});
