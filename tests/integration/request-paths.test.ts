/**
 * Hostile paths at the gate: redirects that would leave the site or reach an endpoint, and paths that
 * would climb out of the build. Over a port, since a URL parser would rewrite what matters here.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {healthStatuses, type RunningGate, signedInGate} from '../support/gate';
import {NAVIGATION, rawRequest, SUBRESOURCE} from '../../testkit/http';
import {safeRedirectTarget} from '../../contracts/paths';
import {sessionCookieHeader} from '../../contracts/session';
import {PAGE} from '../support/builtSite';

let gate: RunningGate;
/** The same gate over a loopback port. */
let port: string;
let cookie: string;

beforeAll(async () => ({gate, port, cookie} = await signedInGate()));
afterAll(() => gate.close());

describe('open redirects', () => {
  /** Every Location the gate sends must stay on this site, and any redirect target must be safe. */
  function expectSameSite(location: string | string[] | undefined) {
    expect(typeof location).toBe('string');
    const value = location as string;
    expect(value).toMatch(/^\//);
    expect(value).not.toMatch(/^\/\//);
    expect(value).not.toMatch(/\\/);
    expect(new URL(value, port).origin).toBe(port);
  }

  it.each([
    '//evil.com',
    '//evil.com/',
    '///evil.com/',
    '/\\evil.com',
    '/%5Cevil.com',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com/',
    '/%09/evil.com',
    '/%0d%0aLocation:%20https://evil.com',
    '/https:/evil.com/',
    '/http://evil.com',
    '/javascript:alert(1)',
    '/JaVaScRiPt:alert(1)',
    '/.evil.com',
    '/@evil.com',
    '/%40evil.com',
    '/evil.com%2F..',
    '//%5Cevil.com',
    '/docs/..//evil.com',
    `${PAGE.path}.html?redirect=//evil.com`,
    `${PAGE.path}/?next=https://evil.com`,
    '/login/?redirect=//evil.com',
  ])('%s never leads off the site', async (url) => {
    for (const headers of [NAVIGATION, SUBRESOURCE]) {
      const response = await rawRequest(port, url, {headers});
      expect([301, 302, 400, 401, 404, 414]).toContain(response.status);
      if (response.status === 301 || response.status === 302) expectSameSite(response.headers.location);
      // A login redirect the gate writes itself carries only a safe target (a 301 keeps the query as sent).
      if (response.status === 302) {
        const target = new URL(String(response.headers.location), port).searchParams.get('redirect');
        if (target !== null) expect(safeRedirectTarget(target)).toBe(target);
      }
    }
  });
});

describe('path traversal', () => {
  // Text only the files outside the build hold, read from them so that it cannot go stale.
  const declarationIn = (file: string) => /^export .*$/m.exec(readFileSync(path.resolve(__dirname, '../..', file), 'utf8'))![0];
  const secrets = [
    readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8').slice(0, 40),
    declarationIn('server/app.ts'),
    'root:x:0:0',
  ];

  it.each([
    '/../package.json',
    '/../../etc/passwd',
    '/assets/../../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/%2E%2E/etc/passwd',
    '/.%2e/server/app.ts',
    '/%2e./server/app.ts',
    '/..%2fpackage.json',
    '/..%2Fserver%2Fapp.ts',
    '/..%5cpackage.json',
    '/..\\package.json',
    '/%252e%252e/package.json',
    '/index.html%00.json',
    '/assets/js/%00',
    '/%c0%ae%c0%ae/package.json',
    '/./../package.json',
    '/../'.repeat(50) + 'etc/passwd',
    '/a'.repeat(900),
    '/server/app.ts',
    '/node_modules/.package-lock.json',
  ])('%.60s serves nothing outside the build', async (url) => {
    for (const session of [undefined, cookie]) {
      const headers: Record<string, string> = {...SUBRESOURCE};
      if (session) headers.cookie = sessionCookieHeader(session);
      const response = await rawRequest(port, url, {headers});
      expect(response.status).not.toBe(200);
      expect(response.status).toBeLessThan(500);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
    }
    expect(await healthStatuses(gate, port)).toEqual([200, 200]);
  });
});
