/** Requests held until a test lets them go: a state that lasts as long as the test needs it, with no sleep. */
import type {BrowserContext, Page} from '@playwright/test';

/** Holds every request of `target` (a page, or a context with its workers) to `pattern` until `release` is called, and lets them through from then on. */
export async function holdRequests(target: Page | BrowserContext, pattern: string): Promise<{release: () => void}> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  await target.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return {release: () => open()};
}
