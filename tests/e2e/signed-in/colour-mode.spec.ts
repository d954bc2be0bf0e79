/** The colour mode: it follows the reader's system until the reader chooses, and keeps the choice. */
import type {Locator, Page} from '@playwright/test';
import {expect, test} from '../fixtureSite';

/** How light an image is where the reader sees it: the mean of its top-left pixel's channels, as drawn. */
const cornerLightness = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 8;
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0, 8, 8);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    return (red! + green! + blue!) / 3;
  });
const DIAGRAM = 'Tutorial Hub diagram: a reader signs in, then browses versioned tutorials';

/** The 1.0 diagram shown is the one drawn for `scheme`, and only that one. */
async function expectDiagramFor(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  // A hidden image leaves the accessibility tree: the role query finds the one shown.
  const diagram = page.getByRole('img', {name: DIAGRAM});
  await expect(diagram).toHaveCount(1);
  await expect(diagram).toBeVisible();
  // Drawn once it has loaded: the other mode's image may not have been fetched before it was shown.
  await expect(diagram).toHaveJSProperty('complete', true);
  if (scheme === 'light') expect(await cornerLightness(diagram)).toBeGreaterThan(200);
  else expect(await cornerLightness(diagram)).toBeLessThan(60);
}

// One reader's walk over three pages: each point that is about a page's start (following the system, a
// stored choice, none stored) is a load of its own; the diagrams and the toggle are checked on the page.
test('the colour mode follows the system until the reader chooses and keeps the choice; images follow it', async ({page, navbar}) => {
  const html = page.locator('html');
  await page.emulateMedia({colorScheme: 'light'});
  await page.goto('/docs/chapter-1-introduction');
  await test.step('starts light, following the (light) system', async () => {
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

  await test.step('back to "system": the stored choice goes, and the next page follows the (light) system again', async () => {
    await navbar.colorModeToggle.click();
    await expect(html).toHaveAttribute('data-theme-choice', 'system');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();
    await page.goto('/1.0/test');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(html).toHaveAttribute('data-theme-choice', 'system');
  });

  await test.step('in light mode the 1.0 diagram is the one drawn for it, and only that one', async () => {
    await expectDiagramFor(page, 'light');
  });

  await test.step('the system turning dark is followed, and the 1.0 diagram is then the one drawn for dark mode', async () => {
    await page.emulateMedia({colorScheme: 'dark'});
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expectDiagramFor(page, 'dark');
  });

  await test.step('a page opened with a dark system preference starts dark, and an image drawn for white gets a light backdrop', async () => {
    await page.goto('/docs/Reference/Encapsulation');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(html).toHaveAttribute('data-theme-choice', 'system');
    const figure = page.getByRole('img', {name: 'Figure 1'});
    await expect(figure).toBeVisible();
    const backdrop = await figure.evaluate((image) => getComputedStyle(image).backgroundColor);
    const [red, green, blue] = backdrop.match(/\d+/g)!.map(Number);
    expect(Math.min(red!, green!, blue!), `backdrop ${backdrop}`).toBeGreaterThan(200);
  });
});
