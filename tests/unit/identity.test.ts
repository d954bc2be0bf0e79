import {describe, expect, it, vi} from 'vitest';
import {createServer, request, type Server} from 'node:http';
import type {AddressInfo, Socket} from 'node:net';
import {
  IdentityCallAbandoned,
  IdentityQuotaExceeded,
  IdentityService,
  IdentityUnavailableError,
  isServiceFailure,
} from '../../server/services/identity';
import {systemClock, type Clock} from '../../server/services/clock';
import {badAddressPage, chromeOf, unavailablePage} from '../../server/rules/errorPages';
import {capturedLog, silentLog} from '../support/log';

function service(deadlineMs = 50) {
  const {log, lines} = capturedLog();
  let now = 0;
  return {identity: new IdentityService(deadlineMs, log, {...systemClock, now: () => now}), lines, advance: (ms: number) => (now += ms)};
}

const networkError = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {code: 'app/network-error'});

describe('isServiceFailure', () => {
  it.each([
    [networkError(), true],
    [Object.assign(new Error('x'), {code: 'auth/internal-error'}), true],
    [Object.assign(new Error('x'), {code: 'EIDENTITYDEADLINE'}), true],
    [new IdentityUnavailableError(new Error('x')), true],
    [Object.assign(new Error('x'), {code: 'auth/user-not-found'}), false],
    [Object.assign(new Error('x'), {code: 'auth/session-cookie-expired'}), false],
    [new TypeError('a bug'), false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(isServiceFailure(error)).toBe(expected);
  });
});

describe('IdentityService', () => {
  it('gives up on a call that does not answer within the deadline', async () => {
    const {identity} = service(50);
    const started = Date.now();
    await expect(identity.call(() => new Promise(() => undefined))).rejects.toBeInstanceOf(IdentityUnavailableError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps the deadline by its own clock', async () => {
    const timers: {ms: number; callback: () => void}[] = [];
    const clock: Clock = {
      now: () => 0,
      setTimeout: (callback, ms) => {
        timers.push({ms, callback});
        return {unref: () => undefined};
      },
      clearTimeout: () => undefined,
    };
    const identity = new IdentityService(60_000, silentLog, clock);
    const call = identity.call(() => new Promise(() => undefined));
    expect(timers.map(({ms}) => ms)).toEqual([60_000]);
    timers[0]!.callback();
    await expect(call).rejects.toBeInstanceOf(IdentityUnavailableError);
  });

  it('passes answers through, errors that are answers included', async () => {
    const {identity} = service();
    expect(await identity.call(async () => 42)).toBe(42);
    await expect(
      identity.call(async () => Promise.reject(Object.assign(new Error('no'), {code: 'auth/user-not-found'}))),
    ).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect(identity.status().reachable).toBe(true);
  });

  it('logs when an outage begins, with its cause, once, and when it ends, with its length', async () => {
    const {identity, lines, advance} = service();
    await identity.call(async () => 'ok');
    for (let i = 0; i < 3; i += 1) await identity.call(async () => Promise.reject(networkError())).catch(() => undefined);
    expect(identity.status()).toMatchObject({reachable: false, outageSince: 0});
    advance(65_000);
    await identity.call(async () => 'ok');
    expect(identity.status()).toMatchObject({reachable: true, outageSince: null, lastAnswerAt: 65_000});
    expect(lines).toEqual([
      {
        level: 'warn',
        event: 'identity-outage-began',
        cause: 'connect ECONNREFUSED 127.0.0.1:9',
        code: 'app/network-error',
        msg: 'The identity service cannot be reached',
      },
      {level: 'info', event: 'identity-outage-ended', outageSeconds: 65, msg: 'The identity service answers again'},
    ]);
  });
});

describe("IdentityService when the project's quota is spent", () => {
  const quotaErrors = [
    Object.assign(new Error('The project quota for the specified operation has been exceeded.'), {code: 'auth/quota-exceeded'}),
    // What firebase-admin makes of an HTTP 429 whose words it does not know.
    Object.assign(
      new Error(
        'An internal error has occurred. Raw server response: "{"error":{"code":429,"message":"Quota exceeded for quota metric","status":"RESOURCE_EXHAUSTED"}}"',
      ),
      {code: 'auth/internal-error'},
    ),
  ];

  it.each(quotaErrors)('says so, once a minute, and starts no outage: %s', async (quota) => {
    const {identity, lines, advance} = service();
    for (let i = 0; i < 3; i += 1) {
      await expect(identity.call(async () => Promise.reject(quota))).rejects.toBeInstanceOf(IdentityQuotaExceeded);
    }
    advance(61_000);
    await identity.call(async () => Promise.reject(quota)).catch(() => undefined);
    expect(identity.status()).toMatchObject({reachable: true, outageSince: null});
    expect(lines.map(({event, code}) => ({event, code}))).toEqual([
      {event: 'identity-quota-exceeded', code: quota.code},
      {event: 'identity-quota-exceeded', code: quota.code},
    ]);
  });

  it('is, to the callers, a service that cannot judge now', () => {
    expect(isServiceFailure(new IdentityQuotaExceeded(quotaErrors[0]))).toBe(true);
  });
});

describe('IdentityService: the HTTP requests of a call', () => {
  /** A server that accepts requests and never answers, counting the connections still open. */
  async function silentServer(): Promise<{server: Server; url: string; open: () => number}> {
    const sockets = new Set<Socket>();
    const server = createServer(() => undefined);
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, open: () => sockets.size};
  }

  /** What firebase-admin does: a plain node:http request, whose promise settles on its answer. */
  const ask = (url: string) =>
    new Promise((resolve, reject) => {
      const sent = request(url, (response) => resolve(response.statusCode));
      sent.on('error', reject);
      sent.end();
    });

  // The sockets close a moment after the call ends: waited for, and named in the failure when they do not.
  const openRequests = (open: () => number, expected: number) =>
    vi.waitFor(() => expect(open()).toBe(expected), {timeout: 2000, interval: 10});

  it('ends them at the deadline', async () => {
    const {server, url, open} = await silentServer();
    const {identity} = service(100);
    await expect(identity.call(() => ask(url))).rejects.toBeInstanceOf(IdentityUnavailableError);
    await openRequests(open, 0);
    server.close();
  });

  it('ends them when the caller goes away, without calling it an outage', async () => {
    const {server, url, open} = await silentServer();
    const {identity, lines} = service(60_000);
    const left = new AbortController();
    const call = identity.call(() => ask(url), left.signal);
    await openRequests(open, 1);
    left.abort();
    await expect(call).rejects.toBeInstanceOf(IdentityCallAbandoned);
    await openRequests(open, 0);
    expect(identity.status().reachable).toBe(true);
    expect(lines).toEqual([]);
    server.close();
  });
});

/** A login page as Docusaurus renders it, trimmed to what error pages borrow. */
const LOGIN_HTML =
  '<html lang=en><head><title data-rh=true>Sign in | Jest &amp; Friends</title><link rel=stylesheet href=/assets/css/styles.abc.css><link rel=stylesheet href=https://cdn.example/x.css>' +
  '<script src=/assets/js/main.js defer></script></head><body>' +
  '<script>document.documentElement.setAttribute("data-theme","dark")</script>' +
  '<svg xmlns=http://www.w3.org/2000/svg style="display: none;"><defs><symbol id=theme-svg-external-link><path d=M0 /></symbol></defs></svg>' +
  '<div id=__docusaurus><div class="theme-announcement-bar x" role=banner><div class=content>Welcome <div>nested</div></div></div>' +
  '<nav class=navbar><button>Toggle</button></nav><main>Sign in</main>' +
  '<footer class="footer footer--dark"><div class=footer__copyright>Copyright © 2026 Tutorial Hub.</div></footer></div></body></html>';
const CHROME = chromeOf(LOGIN_HTML, new Set(['assets/css/styles.abc.css']));

describe('chromeOf', () => {
  it("takes the login page's own stylesheets, colour-mode script, icon sprite, announcement bar and footer", () => {
    expect(CHROME).toEqual({
      stylesheets: ['/assets/css/styles.abc.css'],
      themeScript: 'document.documentElement.setAttribute("data-theme","dark")',
      sprite:
        '<svg xmlns=http://www.w3.org/2000/svg style="display: none;"><defs><symbol id=theme-svg-external-link><path d=M0 /></symbol></defs></svg>',
      announcement: '<div class="theme-announcement-bar x" role=banner><div class=content>Welcome <div>nested</div></div></div>',
      footer: '<footer class="footer footer--dark"><div class=footer__copyright>Copyright © 2026 Tutorial Hub.</div></footer>',
      siteName: 'Jest &amp; Friends',
    });
  });

  it('leaves out what a page does not have', () => {
    expect(chromeOf('<html><body><main>x</main></body></html>', new Set())).toEqual({
      stylesheets: [],
      themeScript: null,
      sprite: null,
      announcement: null,
      footer: null,
      siteName: 'this site',
    });
  });
});

describe('unavailablePage', () => {
  it("says what happened in the site's chrome, links back to the page, and escapes what came from the request", () => {
    const html = unavailablePage({chrome: CHROME, retryUrl: '/1.0/intro?q="><script>alert(1)</script>'});
    expect(html).toContain('<h1>The sign-in service cannot be reached</h1>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/css/styles.abc.css">');
    expect(html).toContain('href="/1.0/intro?q=&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    for (const part of [CHROME.themeScript!, CHROME.announcement!, CHROME.footer!, CHROME.sprite!]) expect(html).toContain(part);
    // The colour-mode script is the only one, and it applies the mode before anything shows.
    expect([...html.matchAll(/<script/g)]).toHaveLength(1);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<main'));
    expect(html).not.toContain('<button>Toggle</button>');
  });

  it('names the site as its login page does, in the title, the navbar and the message', () => {
    const html = unavailablePage({chrome: CHROME, retryUrl: '/'});
    expect(html).toContain('<title>Sign-in service unavailable | Jest &amp; Friends</title>');
    expect(html).toContain('<b class="navbar__title">Jest &amp; Friends</b>');
    expect(html).toContain('<p>Jest &amp; Friends cannot check your sign-in right now.');
    expect(html).not.toContain('Tutorial Hub</b>');
  });
});

describe('badAddressPage', () => {
  it("says the address is not valid and leads to the home page, in the site's chrome", () => {
    const html = badAddressPage({chrome: CHROME});
    expect(html).toContain('<h1>This address is not valid</h1>');
    expect(html).toContain('href="/"');
    expect(html).toContain(CHROME.footer!);
  });
});
