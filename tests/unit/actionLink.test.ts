import {describe, expect, it} from 'vitest';
import {
  ACTION_MODES,
  actionLinkOf,
  firebaseActionHandler,
  returnQueryOf,
  type ActionLink,
  type ActionMode,
} from '../../src/auth/actionLink';

const HANDLER = 'https://tutorial-hub.firebaseapp.com/__/auth/action';
const ORIGIN = 'https://docs.example.com';
const NONE: ActionLink = {kind: 'none'};
const UNKNOWN: ActionLink = {kind: 'unknown'};
const forward = (search: string): ActionLink => ({kind: 'forward', url: `${HANDLER}${search}`});
const BACK = encodeURIComponent(`${ORIGIN}/login?redirect=%2F1.0%2Fintro`);

describe('actionLinkOf: every mode Firebase can send, handled on purpose', () => {
  const expected: Record<ActionMode, ActionLink> = {
    // A sign-in link is the login page's own: it signs the reader in here.
    signIn: {kind: 'sign-in', href: `${ORIGIN}/login?mode=signIn&oobCode=CODE&apiKey=key&lang=en`},
    // Never applied: the page sends the link that proves the address instead.
    verifyEmail: {kind: 'verify-email', oobCode: 'CODE'},
    // Set an account's address: never applied, whoever's account it is.
    verifyAndChangeEmail: {kind: 'not-applied', mode: 'verifyAndChangeEmail', oobCode: 'CODE'},
    recoverEmail: {kind: 'not-applied', mode: 'recoverEmail', oobCode: 'CODE'},
    // Set no address: Firebase's own page, with only what its handler reads.
    resetPassword: forward('?mode=resetPassword&oobCode=CODE&apiKey=key&lang=en'),
    revertSecondFactorAddition: forward('?mode=revertSecondFactorAddition&oobCode=CODE&apiKey=key&lang=en'),
  };

  it('has a row for each mode of the SDK', () => {
    expect(Object.keys(expected).sort()).toEqual([...ACTION_MODES].sort());
  });

  it.each(ACTION_MODES)('%s', (mode) => {
    expect(actionLinkOf(`?mode=${mode}&oobCode=CODE&apiKey=key&lang=en`, HANDLER, ORIGIN)).toEqual(expected[mode]);
  });
});

describe('actionLinkOf: what else a query can hold', () => {
  it.each<[string, ActionLink]>([
    // The ordinary login page, with or without the page the reader wanted.
    ['', NONE],
    ['?redirect=%2F1.0%2Fintro', NONE],
    // Firebase's verification link is handled here, whatever else the query holds.
    ['?apiKey=key&mode=verifyEmail&oobCode=CODE&continueUrl=https%3A%2F%2Fevil.example%2F', {kind: 'verify-email', oobCode: 'CODE'}],
    // A mode without a code, a code without a mode, or a mode Firebase does not send: no link to use.
    ['?mode=verifyEmail', UNKNOWN],
    ['?mode=verifyEmail&oobCode=', UNKNOWN],
    ['?mode=resetPassword&redirect=%2F', UNKNOWN],
    ['?oobCode=CODE', UNKNOWN],
    ['?mode=changeEverything&oobCode=CODE', UNKNOWN],
    ['?mode=//evil.example/&oobCode=CODE', UNKNOWN],
    // Forwarded: the handler's parameters only, in its order; continueUrl only back to this site's login page.
    [
      `?mode=resetPassword&oobCode=CODE&apiKey=key&continueUrl=${BACK}&lang=en&newPassword=x&handler=https://evil.example/`,
      forward(`?mode=resetPassword&oobCode=CODE&apiKey=key&lang=en&continueUrl=${BACK}`),
    ],
    [
      '?mode=resetPassword&oobCode=CODE&apiKey=key&continueUrl=https%3A%2F%2Fevil.example%2Flogin&tenantId=t1',
      forward('?mode=resetPassword&oobCode=CODE&apiKey=key&tenantId=t1'),
    ],
    [
      `?mode=resetPassword&oobCode=CODE&apiKey=key&continueUrl=${encodeURIComponent(`${ORIGIN}/1.0/intro`)}`,
      forward('?mode=resetPassword&oobCode=CODE&apiKey=key'),
    ],
  ])('%j', (search, expected) => {
    const link = actionLinkOf(search, HANDLER, ORIGIN);
    expect(link).toEqual(expected);
    if (link.kind === 'forward') expect(new URL(link.url).origin + new URL(link.url).pathname).toBe(HANDLER);
  });
});

describe('returnQueryOf', () => {
  it.each([
    // The page's own redirect (a link the emulator or Firebase's page led back with it).
    ['?redirect=%2F1.0%2Fintro&mode=signIn&oobCode=CODE', '?redirect=%2F1.0%2Fintro&mode=signIn&oobCode=CODE'],
    // A link Firebase sent straight here: the redirect of the login page it continues to.
    [`?mode=signIn&oobCode=CODE&continueUrl=${BACK}`, '?redirect=%2F1.0%2Fintro'],
    // Anywhere else is no place to continue to.
    [
      `?mode=signIn&oobCode=CODE&continueUrl=${encodeURIComponent('https://evil.example/login?redirect=%2Fx')}`,
      '?mode=signIn&oobCode=CODE&continueUrl=https%3A%2F%2Fevil.example%2Flogin%3Fredirect%3D%252Fx',
    ],
    ['', ''],
  ])('%s → %s', (search, expected) => {
    expect(returnQueryOf(search, ORIGIN)).toBe(expected);
  });
});

describe('firebaseActionHandler', () => {
  const firebase = {apiKey: 'key', authDomain: 'tutorial-hub.firebaseapp.com', projectId: 'tutorial-hub'};
  it("is the handler on the project's auth domain", () => {
    expect(firebaseActionHandler({firebase, emulatorHost: null})).toBe(HANDLER);
  });
  it("is the emulator's handler when the site signs in against the emulator", () => {
    expect(firebaseActionHandler({firebase, emulatorHost: '127.0.0.1:9099'})).toBe('http://127.0.0.1:9099/emulator/action');
  });
});
