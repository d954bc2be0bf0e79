/** The colour mode: it follows the reader's system until the reader chooses, and keeps the choice. */
import type {Page} from '@playwright/test';
import {expect, test} from '../fixtureSite';

test.describe('with a light system preference', () => {
  test.use({colorScheme: 'light'});

  test('starts light, following the system; the toggle cycles light, dark, system; the choice persists after a reload', async ({
    page,
    navbar,
  }) => {
    const html = page.locator('html');
    await page.goto('/chapter-1-introduction');
    await test.step('starts light, following the system', async () => {
      await expect(html).toHaveAttribute('data-theme', 'light');
      await expect(html).toHaveAttribute('data-theme-choice', 'system');
      await expect(navbar.colorModeToggle).toHaveAccessibleName('Switch between dark and light mode (currently system mode)');
    });

    await test.step('the toggle cycles light, dark, system', async () => {
      await expect(navbar.colorModeToggle).toBeEnabled();
      for (const {choice, theme} of [
        {choice: 'light', theme: 'light'},
        {choice: 'dark', theme: 'dark'},
        {choice: 'system', theme: 'light'},
      ]) {
        await navbar.colorModeToggle.click();
        await expect(html).toHaveAttribute('data-theme-choice', choice);
        await expect(html).toHaveAttribute('data-theme', theme);
        await expect(navbar.colorModeToggle).toHaveAccessibleName(`Switch between dark and light mode (currently ${choice} mode)`);
        await expect(navbar.colorModeToggle).toHaveAttribute('title', `${choice} mode`);
      }
    });

    await test.step('the choice persists after a reload', async () => {
      await navbar.colorModeToggle.click();
      await navbar.colorModeToggle.click();
      await expect(html).toHaveAttribute('data-theme', 'dark');
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

      await page.reload();
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await expect(html).toHaveAttribute('data-theme-choice', 'dark');
      await expect(navbar.colorModeToggle).toHaveAccessibleName('Switch between dark and light mode (currently dark mode)');
    });

    await test.step('back to "system": the stored choice goes, and the page follows the (light) system again', async () => {
      await navbar.colorModeToggle.click();
      await expect(html).toHaveAttribute('data-theme-choice', 'system');
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();
      await page.reload();
      await expect(html).toHaveAttribute('data-theme', 'light');
    });
  });
});

test.describe('images and the colour mode', () => {
  /** How light the image is where the reader sees it: the mean of its top-left pixel's channels, as drawn. */
  const cornerLightness = (page: Page, name: string) =>
    page.getByRole('img', {name}).evaluate((image: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 8;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, 8, 8);
      const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
      return (red! + green! + blue!) / 3;
    });
  const diagram = 'Tutorial Hub diagram: a reader signs in, then browses versioned tutorials';

  test('in light mode the 1.0 diagram is the one drawn for it, and only that one', async ({page}) => {
    await page.emulateMedia({colorScheme: 'light'});
    await page.goto('/1.0/test');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // A hidden image leaves the accessibility tree: the role query finds the one shown.
    await expect(page.getByRole('img', {name: diagram})).toHaveCount(1);
    await expect(page.getByRole('img', {name: diagram})).toBeVisible();
    expect(await cornerLightness(page, diagram)).toBeGreaterThan(200);
  });

  test('a dark system preference is followed: the 1.0 diagram drawn for it, and a light backdrop for an image drawn for white', async ({
    page,
  }) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto('/1.0/test');
    await test.step('the page follows the system', async () => {
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
    });
    await test.step('the 1.0 diagram is the one drawn for dark mode, and only that one', async () => {
      await expect(page.getByRole('img', {name: diagram})).toHaveCount(1);
      await expect(page.getByRole('img', {name: diagram})).toBeVisible();
      expect(await cornerLightness(page, diagram)).toBeLessThan(60);
    });
    await test.step('an image drawn for white gets a light backdrop', async () => {
      await page.goto('/Reference/Encapsulation');
      const figure = page.getByRole('img', {name: 'Figure 1'});
      await expect(figure).toBeVisible();
      const backdrop = await figure.evaluate((image) => getComputedStyle(image).backgroundColor);
      const [red, green, blue] = backdrop.match(/\d+/g)!.map(Number);
      expect(Math.min(red!, green!, blue!), `backdrop ${backdrop}`).toBeGreaterThan(200);
    });
  });
});
