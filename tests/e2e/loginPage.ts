/**
 * The login page as the specs use it: a page object, given to every test as the `loginPage` fixture
 * (fixtures.ts). How a reader fills it in is testkit/loginPage.ts's, which the benchmarks share.
 */
import {expect, type Locator, type Page} from '@playwright/test';
import {signInThroughLoginPage} from '../../testkit/loginPage';
import {sameOriginJson} from '../../testkit/http';
import {DEMO_API_KEY} from '../../contracts/firebaseProject';
import {emulator} from '../support/emulator';
import {BARE_DOCUMENT} from './openTabs';
import siteSettings from '../../site.config';
import {siteContactOf} from '../../contracts/siteSettings';

/** The name the login page uses: every gate of the tests serves the repository's login build, made from its site.config.ts. */
export const LOGIN_SITE_NAME = siteSettings.title;
/** Where the login page tells a reader it refuses to ask for access (site.config.ts `contact`), from the same build. */
export const LOGIN_CONTACT = siteContactOf(siteSettings.contact);

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

/** What the identity service's REST sign-in answers, beyond the fields testkit's client types. */
interface PasswordSignIn {
  idToken: string;
  localId: string;
  refreshToken: string;
  expiresIn: string;
}

/**
 * Opens `path` as a reader who signed in earlier, without the login page: a session the gate starts for an
 * ID token of the identity service's REST API, and Firebase's record of the user in this origin's storage,
 * as its SDK keeps it after a sign-in (IndexedDB `firebaseLocalStorageDb`). For tests of what a signed-in
 * reader sees or does; the form itself is tested by sign-in.spec.ts, sign-in-link.spec.ts and
 * reader-policy.spec.ts, each way once. `path` is opened on the test's `baseURL`.
 */
export async function openSignedIn(page: Page, reader: ReaderCredentials, path: string): Promise<void> {
  const signIn = (await emulator.signInWithPassword(reader.email, reader.password)) as PasswordSignIn;
  await page.goto(BARE_DOCUMENT);
  const {origin} = new URL(page.url());
  const session = await page.request.post('/api/session', {headers: sameOriginJson(origin), data: {idToken: signIn.idToken}});
  expect(session.status(), `POST /api/session for ${reader.email}`).toBe(204);
  const user = {
    uid: signIn.localId,
    email: reader.email,
    emailVerified: true,
    isAnonymous: false,
    providerData: [],
    stsTokenManager: {
      refreshToken: signIn.refreshToken,
      accessToken: signIn.idToken,
      expirationTime: Date.now() + Number(signIn.expiresIn) * 1000,
    },
    apiKey: DEMO_API_KEY,
    appName: '[DEFAULT]',
  };
  await page.evaluate(
    ({key, value}) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb', 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore('firebaseLocalStorage', {keyPath: 'fbase_key'});
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const writing = db.transaction('firebaseLocalStorage', 'readwrite');
          writing.objectStore('firebaseLocalStorage').put({fbase_key: key, value});
          writing.oncomplete = () => {
            db.close();
            resolve();
          };
          writing.onerror = () => reject(writing.error);
        };
      }),
    {key: `firebase:authUser:${DEMO_API_KEY}:[DEFAULT]`, value: user},
  );
  await page.goto(path);
  await expect(page).toHaveURL(path);
}
