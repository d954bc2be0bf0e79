/** Layout shifts as the browser reports them for CLS, watched from a page's first paint. */
import type {Page} from '@playwright/test';

interface Watched {
  layoutShifts: string[];
}

/**
 * Records, in every page the tab loads from now on, what each layout shift moved (its tag and classes),
 * inside `within` (a selector) or anywhere. Returns a reader for the page now open: it waits for the
 * shifts of the last frame, which the browser reports after it.
 */
export async function watchLayoutShifts(page: Page, within: string | null = null): Promise<() => Promise<string[]>> {
  await page.addInitScript((scope) => {
    const watched = window as unknown as Watched;
    watched.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {sources?: {node?: Node | null}[]}[]) {
        for (const {node} of entry.sources ?? []) {
          const element = node instanceof Element ? node : node?.parentElement;
          if (element && (scope === null || element.closest(scope)))
            watched.layoutShifts.push(`${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
        }
      }
    }).observe({type: 'layout-shift', buffered: true});
  }, within);
  return () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve((window as unknown as Watched).layoutShifts)))),
        ),
    );
}
