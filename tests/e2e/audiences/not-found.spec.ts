/**
 * The not-found page names the same page in another version from the reader's own copy of the docs'
 * data, which the gate cuts for them: a page, or a version, they may not read is never named. Staff read
 * the 3.0 team handbook and the 1.0 editor handbook; a reader in no audience reads neither, and nobody
 * here reads version 0.9 LTS (for legacy readers), which has an "intro" as 1.0 does.
 */
import {openSignedIn} from '../loginPage';
import {expect, test, type Kind} from './audienceSite';

test.use({
  expectedErrors:
    /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/(?:1\.0\/team-handbook|docs\/tutorial-extras\/editor-handbook|docs\/intro)\)/,
});

const GONE = 'The link that led here may be mistyped, or the page may have moved.';

for (const kind of ['none', 'staff'] as const satisfies readonly Kind[]) {
  test(`a reader in ${kind === 'none' ? 'no audience' : kind} is told of the same page in another version only where they may read it`, async ({
    page,
    readerOf,
  }) => {
    const main = page.getByRole('main');
    const elsewhere = main.getByRole('link', {name: /^This page in version/});

    await test.step('pages of staff: named to staff alone', async () => {
      await openSignedIn(page, readerOf(kind), '/1.0/team-handbook');
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
      // Said once the page has looked at the reader's data (after hydration): the first page of 1.0 is linked then.
      await expect(main.getByRole('link', {name: 'The first page of version 1.0'})).toBeVisible();
      if (kind === 'staff') {
        await expect(elsewhere).toHaveText(['This page in version 3.0', 'This page in version 2.0']);
        await expect(elsewhere.first()).toHaveAttribute('href', '/docs/team-handbook');
      } else {
        await expect(main).toContainText(GONE);
        await expect(elsewhere).toHaveCount(0);
        await expect(main).not.toContainText(/\b[23]\.0\b/);
      }

      await page.goto('/docs/tutorial-extras/editor-handbook');
      await expect(main.getByRole('link', {name: 'The first page of version 3.0'})).toBeVisible();
      if (kind === 'staff') await expect(elsewhere).toHaveAttribute('href', '/1.0/tutorial-extras/editor-handbook');
      else {
        await expect(main).toContainText(GONE);
        await expect(elsewhere).toHaveCount(0);
      }
    });

    await test.step('a page of a version they may not read: never named, the version they read is', async () => {
      await page.goto('/docs/intro');
      await expect(main).toContainText('There is no page at this address. The same page is in version 1.0.');
      await expect(elsewhere).toHaveText(['This page in version 1.0']);
      await expect(main).not.toContainText('0.9');
      await expect(main).not.toContainText('/legacy');
    });
  });
}
