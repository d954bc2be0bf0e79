import {describe, expect, it} from 'vitest';
import {decidePageAccess, type AuthStatus} from '../../src/auth/pageAccess';
import type {GateMode} from '../../src/auth/settings';

const doc = {pathname: '/1.0/intro', currentUrl: '/1.0/intro?x=1#steps', signingOut: false};
const login = {pathname: '/login', currentUrl: '/login?redirect=%2F1.0', signingOut: false};
const BACK_TO_DOC = '/login?redirect=%2F1.0%2Fintro%3Fx%3D1%23steps';

describe('decidePageAccess', () => {
  it.each<[AuthStatus, GateMode, object]>([
    // Client gate: nothing shows until the identity service answers.
    ['loading', 'client', {kind: 'blank'}],
    ['signed-in', 'client', {kind: 'render'}],
    ['signed-out', 'client', {kind: 'redirect', to: BACK_TO_DOC, endServerSession: false, reload: false}],
    // Behind the gate server the page was only sent to a verified session: show it at once.
    ['loading', 'server', {kind: 'render'}],
    ['signed-in', 'server', {kind: 'render'}],
    ['signed-out', 'server', {kind: 'redirect', to: BACK_TO_DOC, endServerSession: true, reload: true}],
    // Sign-in switched off (benchmark anchor).
    ['loading', 'off', {kind: 'render'}],
    ['signed-out', 'off', {kind: 'render'}],
  ])('a doc page, %s, %s gate', (status, mode, expected) => {
    expect(decidePageAccess({status, mode, ...doc})).toEqual(expected);
  });

  // "Sign out" in this tab: the menu already ended the server session and leaves the navigation to the gate.
  it.each<[AuthStatus, GateMode, object]>([
    // Still signed in to Firebase while the server session ends: the page stays until Firebase reports it.
    ['signed-in', 'server', {kind: 'render'}],
    ['signed-in', 'client', {kind: 'render'}],
    ['signed-out', 'server', {kind: 'redirect', to: '/login', endServerSession: false, reload: true}],
    ['signed-out', 'client', {kind: 'redirect', to: '/login', endServerSession: false, reload: false}],
    ['signed-out', 'off', {kind: 'render'}],
  ])('a doc page while signing out here, %s, %s gate', (status, mode, expected) => {
    expect(decidePageAccess({status, mode, ...doc, signingOut: true})).toEqual(expected);
  });

  it.each<[AuthStatus, GateMode, boolean]>([
    ['loading', 'client', false],
    ['signed-out', 'client', false],
    ['signed-in', 'client', false],
    ['loading', 'server', false],
    ['signed-out', 'server', false],
    ['signed-out', 'server', true],
  ])('always renders the login page (%s, %s gate, signing out: %s)', (status, mode, signingOut) => {
    expect(decidePageAccess({status, mode, ...login, signingOut})).toEqual({kind: 'render'});
  });

  it('treats /login.html as the login page', () => {
    expect(
      decidePageAccess({status: 'signed-out', mode: 'client', pathname: '/login.html', currentUrl: '/login.html', signingOut: false}),
    ).toEqual({
      kind: 'render',
    });
  });

  it('sends a signed-out reader of the home page to the login page, to come back to it', () => {
    expect(decidePageAccess({status: 'signed-out', mode: 'client', pathname: '/', currentUrl: '/', signingOut: false})).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2F',
      endServerSession: false,
      reload: false,
    });
  });

  // A public page the gate sent to a visitor who is not signed in (PUBLIC_PAGES=on).
  it.each<[AuthStatus, GateMode, boolean, object]>([
    ['signed-out', 'server', false, {kind: 'render'}],
    ['loading', 'server', false, {kind: 'render'}],
    ['signed-in', 'server', false, {kind: 'render'}],
    // Signing out here: off to the login page as from any page.
    ['signed-out', 'server', true, {kind: 'redirect', to: '/login', endServerSession: false, reload: true}],
    // Without the gate server there is no public page: the page is hidden until Firebase answers.
    ['signed-out', 'client', false, {kind: 'redirect', to: BACK_TO_DOC, endServerSession: false, reload: false}],
  ])('a public page a visitor got, %s, %s gate, signing out: %s', (status, mode, signingOut, expected) => {
    expect(decidePageAccess({status, mode, ...doc, signingOut, visitorPage: true})).toEqual(expected);
  });
});
