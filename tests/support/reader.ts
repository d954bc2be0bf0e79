import type {Page} from '@playwright/test';
import {DEMO_READER} from '../../server/demoReader';
import {newAccount, uniqueEmail} from './emulator';

export {DEMO_READER};

/** Signs in through the login page, as a reader would. */
export async function signInThroughLoginPage(
  page: Page,
  {email = DEMO_READER.email, password = DEMO_READER.password}: {email?: string; password?: string} = {},
): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', {name: 'Sign in', exact: true}).click();
}

/** A verified reader of one's own, so that signing out everywhere does not end other tests' sessions. */
export async function newReader(prefix: string): Promise<{email: string; password: string}> {
  const {email, password} = await newAccount(uniqueEmail(prefix));
  return {email, password};
}
