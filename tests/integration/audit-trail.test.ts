/** What the gate writes down: the audit trail of sessions, refusals and sign-outs, and the request log; never a cookie or a token. */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {auditOf, postLogout, postSession, type RunningGate, sessionCookieFor, sessionCookieOf, startGate} from '../support/gate';
import {emulator, nextSecond, uniqueEmail} from '../support/emulator';
import {SUBRESOURCE} from '../../testkit/http';
import {SESSION_ENDPOINT, sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';

let gate: RunningGate;
beforeAll(async () => {
  gate = await startGate();
});
afterAll(() => gate.close());

describe('the audit trail', () => {
  it('records session starts, refusals and sign-outs as JSON lines, never a cookie or a token', async () => {
    const audited = await startGate();
    try {
      const reader = await emulator.newAccount(uniqueEmail('audited'));
      const outsider = await emulator.newAccount(uniqueEmail('audited-outsider', 'other.test'));
      const {idToken} = await emulator.signInWithPassword(reader.email, reader.password);
      const started = await postSession(audited, idToken);
      const cookie = sessionCookieOf(started);
      await postSession(audited, (await emulator.signInWithPassword(outsider.email, outsider.password)).idToken);
      await postLogout(audited, cookie);
      await nextSecond();
      const second = await sessionCookieFor(audited, reader);
      await postLogout(audited, second, {everywhere: true});

      const events = auditOf(audited).map(({event, reason, email, provider, uid}) => ({event, reason, email, provider, uid: typeof uid}));
      expect(events).toEqual([
        {event: 'session-started', reason: undefined, email: reader.email, provider: 'password', uid: 'string'},
        {event: 'session-refused', reason: 'not-allowed', email: outsider.email, provider: undefined, uid: 'string'},
        {event: 'signed-out', reason: undefined, email: reader.email, provider: undefined, uid: 'string'},
        {event: 'session-started', reason: undefined, email: reader.email, provider: 'password', uid: 'string'},
        {event: 'signed-out-everywhere', reason: undefined, email: reader.email, provider: undefined, uid: 'string'},
      ]);
      const everything = JSON.stringify(audited.logs);
      for (const secret of [idToken, cookie, second, cookie.split('.')[1]!]) expect(everything).not.toContain(secret);
    } finally {
      await audited.close();
    }
  });
});

describe('the request log (on in production, or with LOG_REQUESTS=true)', () => {
  it('writes one line per request (health probes aside): method, path without query, status, time; never the cookie', async () => {
    const logged = await startGate({LOG_REQUESTS: 'true'});
    try {
      const cookie = await sessionCookieFor(logged);
      await logged.request(`${PAGE.path}?q=secret-search`, {headers: {...SUBRESOURCE, cookie: sessionCookieHeader(cookie)}});
      await logged.request('/healthz');
      await logged.request('/readyz');
      const lines = logged.logs.filter((line) => line.msg === 'request');
      expect(lines.map(({method, path: url, status}) => ({method, path: url, status}))).toEqual([
        {method: 'POST', path: SESSION_ENDPOINT, status: 204},
        {method: 'GET', path: PAGE.path, status: 200},
      ]);
      for (const line of lines) expect(line).toMatchObject({ms: expect.any(Number)});
      const everything = JSON.stringify(logged.logs);
      expect(everything).not.toContain(cookie);
      expect(everything).not.toContain('secret-search');
    } finally {
      await logged.close();
    }
  });
});
