/** The colour mode: it follows the reader's system until the reader chooses, and keeps the choice. */
import {expect, test} from '../fixtureSite';
import {colorModeToggle} from '../navbar';

test.describe('with a light system preference', () => {
  test.use({colorScheme: 'light'});

  test('starts light, following the system', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
    await expect(colorModeToggle(page)).toHaveAccessibleName('Switch between dark and light mode (currently system mode)');
  });

  test('the toggle cycles light, dark, system', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    const html = page.locator('html');
    await expect(colorModeToggle(page)).toBeEnabled();

    for (const {choice, theme} of [
      {choice: 'light', theme: 'light'},
      {choice: 'dark', theme: 'dark'},
      {choice: 'system', theme: 'light'},
    ]) {
      await colorModeToggle(page).click();
      await expect(html).toHaveAttribute('data-theme-choice', choice);
      await expect(html).toHaveAttribute('data-theme', theme);
      await expect(colorModeToggle(page)).toHaveAccessibleName(`Switch between dark and light mode (currently ${choice} mode)`);
      await expect(colorModeToggle(page)).toHaveAttribute('title', `${choice} mode`);
    }
  });

  test('the choice persists after a reload', async ({page}) => {
    await page.goto('/chapter-1-introduction');
    await expect(colorModeToggle(page)).toBeEnabled();
    await colorModeToggle(page).click();
    await colorModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'dark');
    await expect(colorModeToggle(page)).toHaveAccessibleName('Switch between dark and light mode (currently dark mode)');

    // Back to "system": the stored choice goes, and the page follows the (light) system again.
    await colorModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBeNull();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test('follows a dark system preference', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await page.goto('/chapter-1-introduction');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'system');
});
