/** The search page never dead-ends: the version chosen on the page, another version that has answers, the whole version after an empty section. */
import {ONLY_IN_1_0} from '../../support/searchWords';
import {expect, test} from '../fixtureSite';

test('with no result in the version searched, it links to the version that has some', async ({page}) => {
  await page.goto(`/search?q=${ONLY_IN_1_0}`);
  const status = page.getByText(/^No results in 2\.0\./);
  await expect(status).toBeVisible();
  await status.getByRole('link', {name: '1 result in 1.0'}).click();
  await expect(page).toHaveURL(/[?&]version=1\.0%2F/);
  await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
  await expect(page.getByRole('combobox', {name: 'Version'})).toHaveValue('1.0');
});

test('the reader chooses the version on the page, and keeps the query', async ({page}) => {
  await page.goto('/search?q=collapsible');
  const menu = page.getByRole('combobox', {name: 'Version'});
  await expect(menu).toHaveValue('current');
  await menu.selectOption({label: 'Version 1.0'});
  await expect(page).toHaveURL(/[?&]version=1\.0%2F/);
  await expect(page.getByText(/^\d+ results? in 1\.0\.$/)).toBeVisible();
  await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue('collapsible');
});

test('with no result in a section, it offers the whole version', async ({page}) => {
  await page.goto(`/search?q=${ONLY_IN_1_0}&ctx=${encodeURIComponent('1.0/tutorial-basics')}`);
  const status = page.getByText(/^No results in Tutorial - Basics \(1\.0\)\./);
  await expect(status).toBeVisible();
  await status.getByRole('link', {name: 'Search all of 1.0'}).click();
  await expect(page.getByText('1 result in 1.0.', {exact: true})).toBeVisible();
  expect(new URL(page.url()).searchParams.get('ctx')).toBeNull();
});
