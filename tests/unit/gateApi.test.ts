import {afterEach, describe, expect, it, vi} from 'vitest';
import {endServerSession, fetchSignInOptions, prepareLinkSignIn, startServerSession} from '../../src/auth/gateApi';

function answer(status: number, body?: unknown): void {
  vi.stubGlobal('fetch', async () => new Response(body === undefined ? null : JSON.stringify(body), {status}));
}

afterEach(() => vi.unstubAllGlobals());

describe('startServerSession', () => {
  it.each<[number, unknown, string]>([
    [403, {error: 'email-not-verified', message: '…'}, 'session/email-not-verified'],
    [403, {error: 'not-allowed', message: '…'}, 'session/not-allowed'],
    [403, {error: 'anonymous', message: '…'}, 'session/anonymous'],
    [403, {error: 'disabled', message: '…'}, 'session/disabled'],
    // Not the reader policy's answer (a cross-site refusal, an unknown code, no JSON at all).
    [403, {error: 'cross-site-request'}, 'session/rejected'],
    [403, undefined, 'session/rejected'],
    [401, {error: 'invalid-id-token'}, 'session/rejected'],
    [401, {error: 'stale-id-token'}, 'session/rejected'],
    // The gate answers, the identity service behind it does not.
    [429, {error: 'too-many-requests'}, 'session/too-many-requests'],
    [503, {error: 'unavailable'}, 'session/identity-unavailable'],
    [503, undefined, 'session/unreachable'],
    [502, {error: 'unavailable'}, 'session/unreachable'],
  ])('%i %j becomes %s', async (status, body, code) => {
    answer(status, body);
    await expect(startServerSession('token')).rejects.toMatchObject({code});
  });

  it('resolves on 204', async () => {
    answer(204);
    await expect(startServerSession('token')).resolves.toBeUndefined();
  });

  it('reports an unreachable server', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(startServerSession('token')).rejects.toMatchObject({code: 'session/unreachable'});
  });
});

describe('endServerSession', () => {
  it.each([500, 503, 403])('reports a failed sign-out (%i)', async (status) => {
    answer(status, {error: 'x'});
    await expect(endServerSession()).rejects.toMatchObject({code: 'session/sign-out-failed'});
  });

  it('reports a server it cannot reach', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(endServerSession({everywhere: true})).rejects.toMatchObject({code: 'session/sign-out-failed'});
  });

  it.each<[unknown, {scope: string; pending: boolean}]>([
    [
      {scope: 'everywhere', pending: false},
      {scope: 'everywhere', pending: false},
    ],
    // "Everywhere" asked with a session that had ended already: the server ended nothing more.
    [
      {scope: 'session', pending: false},
      {scope: 'session', pending: false},
    ],
    [
      {scope: 'everywhere', pending: true},
      {scope: 'everywhere', pending: true},
    ],
    [{}, {scope: 'session', pending: false}],
  ])('answers what the server says it ended (%j), not what was asked', async (body, expected) => {
    answer(200, body);
    await expect(endServerSession({everywhere: true})).resolves.toEqual(expected);
  });
});

describe('fetchSignInOptions', () => {
  it.each<[unknown, {signUp: string; emailSignIn: string}]>([
    [
      {signUp: 'open', emailSignIn: 'both'},
      {signUp: 'open', emailSignIn: 'both'},
    ],
    [
      {signUp: 'closed', emailSignIn: 'link'},
      {signUp: 'closed', emailSignIn: 'link'},
    ],
    [
      {signUp: 'open', emailSignIn: 'password'},
      {signUp: 'open', emailSignIn: 'password'},
    ],
    // Anything the page does not understand offers no sign-up, and both ways with an address.
    [
      {signUp: 'maybe', emailSignIn: 'carrier-pigeon'},
      {signUp: 'closed', emailSignIn: 'both'},
    ],
    [{}, {signUp: 'closed', emailSignIn: 'both'}],
  ])('%j means %j', async (body, expected) => {
    answer(200, body);
    await expect(fetchSignInOptions()).resolves.toEqual(expected);
  });
});

describe('prepareLinkSignIn', () => {
  it('resolves on 204', async () => {
    answer(204);
    await expect(prepareLinkSignIn('a@corp.test')).resolves.toBeUndefined();
  });

  it.each<[number, unknown, string]>([
    [429, {error: 'too-many-requests'}, 'session/too-many-requests'],
    [503, {error: 'unavailable'}, 'session/identity-unavailable'],
    [500, undefined, 'session/unreachable'],
    [404, undefined, 'session/unreachable'],
  ])('%i %j: the link is not used (%s)', async (status, body, code) => {
    answer(status, body);
    await expect(prepareLinkSignIn('a@corp.test')).rejects.toMatchObject({code});
  });
});
