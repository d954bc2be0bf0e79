import {describe, expect, it} from 'vitest';
import {decideGate, type AuthStatus} from '../../src/auth/gate';
import type {GateMode} from '../../src/auth/settings';

const doc = {pathname: '/1.0/intro', currentUrl: '/1.0/intro?x=1#steps'};
const login = {pathname: '/login', currentUrl: '/login?redirect=%2F1.0'};

describe('decideGate', () => {
  it.each<[AuthStatus, GateMode, object]>([
    // Client gate: nothing shows until the identity service answers.
    ['loading', 'client', {kind: 'blank'}],
    ['signed-in', 'client', {kind: 'render'}],
    ['signed-out', 'client', {kind: 'redirect', to: '/login?redirect=%2F1.0%2Fintro%3Fx%3D1%23steps', endServerSession: false}],
    // Behind the gate server the page was only sent to a verified session: show it at once.
    ['loading', 'server', {kind: 'render'}],
    ['signed-in', 'server', {kind: 'render'}],
    ['signed-out', 'server', {kind: 'redirect', to: '/login?redirect=%2F1.0%2Fintro%3Fx%3D1%23steps', endServerSession: true}],
    // Sign-in switched off (benchmark anchor).
    ['loading', 'off', {kind: 'render'}],
    ['signed-out', 'off', {kind: 'render'}],
  ])('a doc page, %s, %s gate', (status, mode, expected) => {
    expect(decideGate({status, mode, ...doc})).toEqual(expected);
  });

  it.each<[AuthStatus, GateMode]>([
    ['loading', 'client'],
    ['signed-out', 'client'],
    ['signed-in', 'client'],
    ['loading', 'server'],
    ['signed-out', 'server'],
  ])('always renders the login page (%s, %s gate)', (status, mode) => {
    expect(decideGate({status, mode, ...login})).toEqual({kind: 'render'});
  });

  it('treats /login.html as the login page', () => {
    expect(decideGate({status: 'signed-out', mode: 'client', pathname: '/login.html', currentUrl: '/login.html'})).toEqual({kind: 'render'});
  });

  it('sends a signed-out reader of the home page to the bare login page', () => {
    expect(decideGate({status: 'signed-out', mode: 'client', pathname: '/', currentUrl: '/'})).toEqual({
      kind: 'redirect',
      to: '/login',
      endServerSession: false,
    });
  });
});
