/**
 * Insights in the browser, behind a gate that keeps them (a PostgreSQL database of the worker's own) and
 * lets staff read them: a reader answers "Was this page helpful?" at the end of a doc and finds a page with
 * the box; a staff reader finds both on /insights, reached from the account menu. A reader in no audience
 * gets no link, and /insights is a page that does not exist for them. Every state of the widget and the
 * page: tests/component/pageFeedback.test.tsx and insightsPage.test.tsx; who sees which counts, against
 * the database: tests/integration/insights.test.ts.
 */
import type {Page} from '@playwright/test';
import {INSIGHTS_ACCESS, INSIGHTS_REPORT} from '../../../contracts/insights';
import {createDatabase, TEST_DATABASE_URL} from '../../../testkit/postgres';
import {openSignedIn} from '../loginPage';
import {expect, test as audienceTest} from './audienceSite';

const test = audienceTest.extend<{insightsDatabase: string}>({
  insightsDatabase: async ({workerResources}, use) => {
    const server = process.env[TEST_DATABASE_URL];
    if (!server) throw new Error(`${TEST_DATABASE_URL} is not set: run the browser tests with testkit/withPostgres.ts (npm test does)`);
    await use(await workerResources.once('insights database', () => createDatabase(server)));
  },
  gateEnv: async ({gateEnv, insightsDatabase}, use) =>
    use({...gateEnv, INSIGHTS: 'on', DATABASE_URL: insightsDatabase, INSIGHTS_AUDIENCE: 'staff'}),
});

// /insights and the menu's access check answer 404 to a reader who may not read insights: the browser logs it.
test.use({expectedErrors: /status of 404 \(Not Found\)/});

const feedbackOf = (page: Page) => page.getByRole('region', {name: 'Was this page helpful?'});

test('a reader\'s "no", comment and search reach the staff reader\'s /insights, linked from the account menu', async ({
  page,
  readerOf,
  navbar,
  searchBox,
}) => {
  const comment = `Where are the webhook retries? ${Date.now()}`;
  await openSignedIn(page, readerOf('none'), '/docs/chapter-1-introduction');
  await navbar.expectHydrated();
  const feedback = feedbackOf(page);
  await feedback.getByRole('button', {name: 'No'}).click();
  await expect(feedback.getByRole('button', {name: 'No'})).toHaveAttribute('aria-pressed', 'true');
  await feedback.getByLabel('What were you looking for?').fill(comment);
  await feedback.getByRole('button', {name: 'Send'}).click();
  await expect(feedback.getByRole('status')).toContainText(/thank/i);

  // A search finished by opening its first result: sent after the fact, never per key.
  const popup = await searchBox.search('introduction');
  await popup.getByRole('option').first().click();
  await expect(page).not.toHaveURL(/chapter-1-introduction$/);

  await openSignedIn(page, readerOf('staff'), '/docs/chapter-1-introduction');
  await page.getByRole('button', {name: /^Signed in as/}).click();
  await page.getByRole('link', {name: 'Insights', exact: true}).click();
  await expect(page).toHaveURL(/\/insights/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Insights');
  // The beacon may land after the first report: the page is asked again until it shows.
  await expect(async () => {
    await page.reload();
    const comments = page.getByRole('table', {name: /What readers were looking for/});
    await expect(comments).toContainText(comment, {timeout: 2000});
    await expect(page.getByRole('table', {name: /The most frequent searches/})).toContainText('introduction', {timeout: 2000});
  }).toPass();
  const unhelpful = page.getByRole('table', {name: /Pages readers said did not help/});
  await expect(unhelpful.getByRole('link', {name: 'Chapter 1: Introduction'})).toBeVisible();

  // Loaded whole, the page asks for its report as the browser reads it, before any script of the site has run
  // (they run once the page is read: src/insights/earlyReport.ts), and only then.
  await page.reload();
  await expect(page.getByRole('table', {name: /What readers were looking for/})).toContainText(comment);
  const {asked, read} = await page.evaluate((report) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const asks = performance.getEntriesByType('resource').filter(({name}) => new URL(name).pathname === report);
    return {asked: asks.map(({startTime}) => startTime), read: navigation!.domInteractive};
  }, INSIGHTS_REPORT);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toBeLessThan(read);
});

test('a reader in no audience gets no link to insights, and /insights is a page that does not exist for them', async ({page, readerOf}) => {
  await openSignedIn(page, readerOf('none'), '/docs/chapter-1-introduction');
  // The menu asks the gate once it opens, and shows the link only for its yes (204): wait for its answer, not for the menu alone.
  const access = page.waitForResponse((response) => new URL(response.url()).pathname === INSIGHTS_ACCESS);
  await page.getByRole('button', {name: /^Signed in as/}).click();
  expect((await access).status()).not.toBe(204);
  await expect(page.getByRole('button', {name: 'Sign out', exact: true})).toBeVisible();
  await expect(page.getByRole('link', {name: 'Insights', exact: true})).toHaveCount(0);
  await page.goto('/insights');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
});
