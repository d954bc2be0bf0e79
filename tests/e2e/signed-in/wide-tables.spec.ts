/** Markdown tables wider than a phone: they scroll sideways inside a region a keyboard can reach. */
import {expect, test} from '../fixtureSite';

test.use({viewport: {width: 375, height: 740}});

test('a table wider than the page is a named region that the keyboard scrolls; on a wide screen a table that fits is no tab stop', async ({
  page,
  navbar,
}) => {
  await page.goto('/1.0/test');
  await navbar.expectHydrated();

  await test.step('on a phone, the wide table is a named region that the keyboard scrolls', async () => {
    const region = page.getByRole('region', {name: 'Table: Feature, File type, Example location'});
    await expect(region).toHaveAttribute('tabindex', '0');
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });

  await test.step('on a wide screen, loaded there, a table that fits is no tab stop', async () => {
    await page.setViewportSize({width: 1280, height: 800});
    await page.reload();
    await navbar.expectHydrated();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('region', {name: /^Table/})).toHaveCount(0);
    await expect(page.locator('[tabindex="0"]:has(> table)')).toHaveCount(0);
  });
});
