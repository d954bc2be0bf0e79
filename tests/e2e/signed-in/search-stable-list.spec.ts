/**
 * A suggestion the box shows stays where it is until the reader types again: each query gets one
 * answer, however its parts arrive, and no answer to an earlier query replaces a later one. (The box's
 * rule, tabled in tests/unit/boxReducer.test.ts: an answer to a query typed past is dropped; here, with
 * the index's parts arriving late over the network.)
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {partUrl, type SearchManifest} from '../../../contracts/searchIndexFiles';
import {manifestPath, PARTS_PATTERN} from '../../support/search';
import {ANSWERED} from '../../../testkit/searchBox';
import {expect, FIXTURE_SITE_BUILD, test} from '../fixtureSite';

declare global {
  interface Window {
    /** Every list the box showed: the query in the box, whether an answer was pending, the options' texts; in order. */
    shownLists?: {query: string; busy: boolean; options: string[]}[];
    /** The ids of the requests the page sent the search worker, and of the answers it got back. */
    searchWorkerTraffic?: {asked: number[]; answered: number[]};
  }
}

/** Run in the page before its own code: records what the page asks the search worker and what it answers. */
function recordWorkerTraffic(): void {
  const traffic = {asked: [] as number[], answered: [] as number[]};
  window.searchWorkerTraffic = traffic;
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args);
      // Registered before the page's own handler: once an answer is recorded here, the page has handled it too.
      this.addEventListener('message', ({data}: MessageEvent<{id: number}>) => traffic.answered.push(data.id));
    }

    override postMessage(message: {id: number}, options?: StructuredSerializeOptions | Transferable[]): void {
      traffic.asked.push(message.id);
      super.postMessage(message, options as StructuredSerializeOptions);
    }
  };
}

/**
 * Waits until the search worker has answered everything the page asked and no delayed part is still on
 * its way, then for two frames: whatever late work there was has landed and been drawn.
 */
async function expectSearchAtRest(page: Page, partsOnTheirWay: () => number = () => 0): Promise<void> {
  await expect
    .poll(async () => ({
      partsOnTheirWay: partsOnTheirWay(),
      unanswered: await page.evaluate(() => {
        const {asked, answered} = window.searchWorkerTraffic!;
        return asked.filter((id) => !answered.includes(id));
      }),
    }))
    .toEqual({partsOnTheirWay: 0, unanswered: []});
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Records, from now on, each list the box shows. */
async function recordShownLists(page: Page): Promise<void> {
  await page.evaluate(() => {
    const container = document.querySelector<HTMLElement>('nav .navbar__search')!;
    const box = container.querySelector<HTMLInputElement>('[role="combobox"]')!;
    const lists: NonNullable<Window['shownLists']> = [];
    window.shownLists = lists;
    const record = () => {
      const options = Array.from(container.querySelectorAll('[role="option"]'), (option) => option.textContent ?? '');
      if (options.length === 0) return;
      const shown = {query: box.value, busy: box.getAttribute('aria-busy') === 'true', options};
      if (JSON.stringify(lists.at(-1)) !== JSON.stringify(shown)) lists.push(shown);
    };
    new MutationObserver(record).observe(container, {subtree: true, childList: true, characterData: true, attributes: true});
  });
}

/** The lists shown as a query's answer (none pending), by query. */
async function answersShown(page: Page): Promise<Map<string, string[][]>> {
  const byQuery = new Map<string, string[][]>();
  for (const {query, busy, options} of (await page.evaluate(() => window.shownLists))!) {
    if (!busy) byQuery.set(query, [...(byQuery.get(query) ?? []), options]);
  }
  return byQuery;
}

test('a list shown for a query holds still until the reader types again, and a late answer to an earlier query never lands', async ({
  page,
  context,
  navbar,
  searchBox,
}) => {
  const {box, popup} = searchBox;
  // A page in a section: the section orders the answers, and the other version is not asked.
  await page.addInitScript(recordWorkerTraffic);
  await page.goto('/1.0/tutorial-basics/create-a-page');
  await navbar.expectHydrated();

  await test.step('parts arriving late, one after another: the list shown never changes its order or its suggestions', async () => {
    // As on a slow link: a box that showed what it had so far, or sorted again as more came in, would
    // move its list under the reader's pointer.
    let delay = 0;
    let onTheirWay = 0;
    await context.route(PARTS_PATTERN, async (route) => {
      onTheirWay++;
      delay += 120;
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue();
      onTheirWay--;
    });
    await recordShownLists(page);
    await box.pressSequentially('markdown page', {delay: 60});
    await expect(box).toHaveAttribute('aria-busy', 'false');
    await expect(popup.getByRole('status')).toHaveText(ANSWERED);
    const options = popup.getByRole('listbox').getByRole('option');
    const shown = await options.allTextContents();
    expect(shown.length).toBeGreaterThan(2);

    // The reader reads, points and moves through the list; late parts and idle work land meanwhile.
    for (let position = 0; position < shown.length; position++) {
      await options.nth(position).hover();
      await expect(options.nth(position)).toHaveAttribute('aria-selected', 'true');
    }
    for (let step = 0; step < shown.length + 1; step++) await box.press('ArrowDown');
    await expectSearchAtRest(page, () => onTheirWay);
    expect(await options.allTextContents()).toEqual(shown);

    const byQuery = await answersShown(page);
    for (const [query, listsOfQuery] of byQuery) expect(listsOfQuery, `the lists shown for "${query}"`).toHaveLength(1);
    expect(byQuery.get('markdown page')).toEqual([shown]);
    await context.unrouteAll({behavior: 'ignoreErrors'});
  });

  await test.step("a late answer to an earlier query does not replace the answer to the reader's last one", async () => {
    // A fresh page: its search worker has loaded no part yet.
    await page.reload();
    await navbar.expectHydrated();
    // Hold 1.0's document parts: a query with answers waits for them, one without answers does not.
    const {docParts} = JSON.parse(readFileSync(path.join(FIXTURE_SITE_BUILD, manifestPath('1.0')), 'utf8')) as SearchManifest;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = new Set(docParts.names.map((name) => partUrl('/', name)));
    await context.route(
      (url) => held.has(url.pathname),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await recordShownLists(page);
    await box.fill('markdown');
    await expect(popup.getByRole('status')).toHaveText('Searching…');
    await box.fill('zzzqqqxyzzy');
    await expect(popup.getByRole('status')).toHaveText(/^No results in 1\.0\./);

    // Now the answer for "markdown" comes, late: the box drops it.
    release();
    await expectSearchAtRest(page);
    await expect(popup.getByRole('status')).toHaveText(/^No results in 1\.0\. Try fewer or other words/);
    await expect(box).toHaveValue('zzzqqqxyzzy');
    // Not even for a moment, pending or not: no suggestion was ever shown.
    expect(await page.evaluate(() => window.shownLists)).toEqual([]);
    await context.unrouteAll({behavior: 'ignoreErrors'});
  });
});
