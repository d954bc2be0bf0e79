/** The login page as it loads: nothing a visitor may aim at moves, from its first paint to its last answer. */
import {expect, signedOutTest as test} from '../fixtureSite';

interface Watched {
  /** Every layout shift of the page: what moved (its tag and classes), as the browser reports it (CLS). */
  shifts: string[];
}

test('nothing on the login page moves while it loads: the brand, the form and its switches', async ({page}) => {
  await page.addInitScript(() => {
    const watched = window as unknown as Watched;
    watched.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {sources?: {node?: Node | null}[]}[]) {
        for (const {node} of entry.sources ?? []) {
          const element = node instanceof Element ? node : node?.parentElement;
          if (element) watched.shifts.push(`${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
        }
      }
    }).observe({type: 'layout-shift', buffered: true});
  });
  // The logo arrives last, as on a slow network: its place must be kept from the first paint.
  let logoArrives!: () => void;
  const logoHeld = new Promise<void>((resolve) => (logoArrives = resolve));
  await page.route('**/img/logo.svg', async (route) => {
    await logoHeld;
    await route.continue();
  });

  await page.goto('/login', {waitUntil: 'commit'});
  // The gate's answer adds "Create an account" once the page has hydrated.
  await expect(page.getByRole('button', {name: 'Create an account'})).toBeVisible();
  logoArrives();
  await expect.poll(() => page.locator('.navbar__logo img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // Shifts are reported after the frame that made them.
  const shifts = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve((window as unknown as Watched).shifts)))),
      ),
  );
  expect(shifts).toEqual([]);
});
