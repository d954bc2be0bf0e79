import type {Page} from '@playwright/test';
import {DEMO_READER} from '../../server/demoReader';

export {DEMO_READER};

/** Signs in through the login page, as a reader would. */
export async function signInThroughLoginPage(page: Page, {email = DEMO_READER.email, password = DEMO_READER.password} = {}): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', {name: 'Sign in', exact: true}).click();
}
