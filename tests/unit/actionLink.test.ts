import {describe, expect, it} from 'vitest';
import {actionLinkOf, firebaseActionHandler, type ActionLink} from '../../src/auth/actionLink';

const HANDLER = 'https://tutorial-hub.firebaseapp.com/__/auth/action';
const NONE: ActionLink = {kind: 'none'};
const forward = (search: string): ActionLink => ({kind: 'forward', url: `${HANDLER}${search}`});

describe('actionLinkOf', () => {
  it.each<[string, ActionLink]>([
    // The ordinary login page, with or without the page the reader wanted.
    ['', NONE],
    ['?redirect=%2F1.0%2Fintro', NONE],
    // Firebase's verification link is handled here, whatever else the query holds.
    ['?mode=verifyEmail&oobCode=CODE&apiKey=key&lang=en', {kind: 'verify-email', oobCode: 'CODE'}],
    ['?apiKey=key&mode=verifyEmail&oobCode=CODE&continueUrl=https%3A%2F%2Fevil.example%2F', {kind: 'verify-email', oobCode: 'CODE'}],
    // A mode without a code is no link Firebase sent.
    ['?mode=verifyEmail', NONE],
    ['?mode=verifyEmail&oobCode=', NONE],
    ['?mode=resetPassword&redirect=%2F', NONE],
    ['?oobCode=CODE', NONE],
    // Every other action goes to Firebase's own handler, the query intact.
    [
      '?mode=resetPassword&oobCode=CODE&apiKey=key&continueUrl=https%3A%2F%2Fdocs.example.com%2Flogin&lang=en',
      forward('?mode=resetPassword&oobCode=CODE&apiKey=key&continueUrl=https%3A%2F%2Fdocs.example.com%2Flogin&lang=en'),
    ],
    ['?mode=recoverEmail&oobCode=CODE&apiKey=key', forward('?mode=recoverEmail&oobCode=CODE&apiKey=key')],
    ['?mode=verifyAndChangeEmail&oobCode=CODE&apiKey=key', forward('?mode=verifyAndChangeEmail&oobCode=CODE&apiKey=key')],
    ['?mode=signIn&oobCode=CODE&apiKey=key', forward('?mode=signIn&oobCode=CODE&apiKey=key')],
    // The query never chooses where to go: a host, a path or a scheme in it stays a query.
    [
      '?mode=resetPassword&oobCode=CODE&handler=https://evil.example/',
      forward('?mode=resetPassword&oobCode=CODE&handler=https://evil.example/'),
    ],
    ['?mode=//evil.example/&oobCode=CODE', forward('?mode=//evil.example/&oobCode=CODE')],
  ])('%j', (search, expected) => {
    const link = actionLinkOf(search, HANDLER);
    expect(link).toEqual(expected);
    if (link.kind === 'forward') expect(new URL(link.url).origin + new URL(link.url).pathname).toBe(HANDLER);
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
