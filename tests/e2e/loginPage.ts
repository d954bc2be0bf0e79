/**
 * The login page as the specs use it: a page object, given to every test as the `loginPage` fixture
 * (fixtures.ts). How a reader fills it in is testkit/loginPage.ts's, which the benchmarks share.
 */
import {expect, type Locator, type Page} from '@playwright/test';
import {signInThroughLoginPage} from '../../testkit/loginPage';
import siteSettings from '../../site.config';

/** The name the login page uses: every gate of the tests serves the repository's login build, made from its site.config.ts. */
export const LOGIN_SITE_NAME = siteSettings.title;

/** What a test signs in with (the site's own `Reader` is the signed-in account it shows). */
export interface ReaderCredentials {
  email: string;
  password: string;
}

export class LoginPage {
  constructor(readonly page: Page) {}

  get email(): Locator {
    return this.page.getByLabel('Email');
  }

  get password(): Locator {
    return this.page.getByLabel('Password');
  }

  /** The form's own button (the page has others: "Sign in with a link", the providers'). */
  get signInButton(): Locator {
    return this.page.getByRole('button', {name: 'Sign in', exact: true});
  }

  /** Fills in the form and submits it once the page has hydrated; the demo reader's address or password where none is given. */
  signIn(reader?: Partial<ReaderCredentials>): Promise<void> {
    return signInThroughLoginPage(this.page, reader);
  }

  /**
   * Opens `path` signed out, signs in on the login page it leads to, and waits for the page: the way
   * a reader with a link starts. `path` is opened on the test's `baseURL`.
   */
  async signInAt(path: string, reader: ReaderCredentials): Promise<void> {
    await this.page.goto(path);
    await this.signIn(reader);
    await expect(this.page).toHaveURL(path);
  }
}
