/** The login page as a reader uses it, for the browser tests and the benchmarks that sign in. */
import type {Page} from '@playwright/test';
import {DEMO_READER} from '../contracts/demoReader';

/** Fills in the email and password form and submits it. */
export async function signInThroughLoginPage(
  page: Page,
  {email = DEMO_READER.email, password = DEMO_READER.password}: {email?: string; password?: string} = {},
): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', {name: 'Sign in', exact: true}).click();
}
