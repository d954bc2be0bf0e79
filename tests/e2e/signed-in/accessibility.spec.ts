import {expect, test} from '@playwright/test';
import {blockingViolations, describeViolations} from '../../support/axe';
import {ROUTES} from '../../support/routes';

/**
 * axe-core on every page a signed-in reader can open, in both colour modes. The site follows
 * the system preference (`respectPrefersColorScheme`), so the mode is set as a reader's system sets it.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({colorScheme});

    for (const route of ROUTES) {
      test(`${route.path} has no serious or critical accessibility violations`, async ({page}) => {
        const response = await page.goto(route.url);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        await expect(page.getByRole('heading', {level: 1})).toHaveText(route.h1);
        // The account menu appears once the page is hydrated and Firebase knows the reader.
        await expect(page.getByRole('button', {name: 'Signed in as Demo Reader'})).toBeVisible();

        const violations = await blockingViolations(page);
        expect(violations.map((violation) => violation.id), describeViolations(violations)).toEqual([]);
      });
    }
  });
}
