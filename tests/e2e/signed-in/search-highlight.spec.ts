/**
 * The page a result opens marks what the search matched (`?_highlight=`, the words of the result's
 * address): whole words and the other forms of each, never the longer words a word begins. Which words
 * when is pageHighlight.ts's (its table); here, pages of the real docs as a reader opens them.
 */
import {expect, test} from '../fixtureSite';

test('the page a result opens marks whole words and their forms, not the longer words they begin', async ({page}) => {
  const marks = page.getByRole('article').locator('mark');

  await test.step('"GIT_USER" marks no "GitHub" on a page that has no "git"', async () => {
    // The words a result for "GIT_USER plugin" carries in its address.
    await page.goto('/docs/Guides/Write-Plugin?_highlight=git&_highlight=user&_highlight=plugin');
    await expect(page.getByRole('heading', {level: 1, name: 'How to write a good plugin'})).toBeVisible();
    // Marked once the page is: the other word's forms.
    await expect(marks.filter({hasText: /^plugins$/i}).first()).toBeVisible();
    await expect(
      page
        .getByRole('article')
        .getByText(/GitHub/)
        .first(),
    ).toBeVisible();
    for (const text of await marks.allTextContents()) expect(text).toMatch(/^(git|user|users|plugin|plugins)$/i);
  });

  await test.step('"configure" marks "configured", the same word, and no other', async () => {
    await page.goto('/docs/Reference/Routes?_highlight=configure');
    await expect(marks.filter({hasText: /^configured$/i}).first()).toBeVisible();
    for (const text of await marks.allTextContents()) expect(text).toMatch(/^configur(e|es|ed|ing|ation|ations)$/i);
  });
});
