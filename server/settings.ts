/**
 * The gate's settings, in README.md's order: each variable's name, type, default, bounds and meaning,
 * as a TypeBox schema (contracts/envSettings.ts). server/config.ts reads the environment with it;
 * README.md's table of the gate's settings is written from it (`npm run settings:readme`).
 */
import {Type, type Static} from '@sinclair/typebox';
import {BUILD_ROOT} from '../contracts/buildLayout';
import {amount, flag, oneOf, seconds, text, textOr} from '../contracts/envSettings';
import {DEFAULT_EMULATOR_HOST, DEMO_PROJECT_ID} from '../contracts/firebaseProject';
import {EMAIL_SIGN_IN_METHODS} from '../contracts/session';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Firebase session cookies live between 5 minutes and 2 weeks. */
const MIN_SESSION_MS = 5 * 60 * 1000;
const MAX_SESSION_MS = 14 * DAY_MS;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const GATE_SETTINGS = Type.Object(
  {
    PORT: amount(
      'integer',
      {minimum: 0, maximum: 65535, errorMessage: 'must be a port number'},
      {default: 3000, description: 'Port it listens on'},
    ),
    HOST: textOr('127.0.0.1', 'Address it listens on'),
    BUILD_DIR: textOr(BUILD_ROOT, 'The build it serves: a folder holding `site/` and `login/` (or a symlink to one, see "New builds")'),
    NODE_ENV: text(
      '`production` requires a real `FIREBASE_PROJECT_ID` (not `demo-`) and no `FIREBASE_AUTH_EMULATOR_HOST`, and turns `LOG_REQUESTS` on',
    ),
    FIREBASE_PROJECT_ID: text(
      'Project whose session cookies it accepts. **Required when `NODE_ENV=production`**: there the demo project and its emulator never apply',
      `\`${DEMO_PROJECT_ID}\``,
    ),
    FIREBASE_AUTH_EMULATOR_HOST: text(
      'Emulator address; **refused unless the project id starts with `demo-`**, because emulator tokens are unsigned',
      `\`${DEFAULT_EMULATOR_HOST}\` for \`demo-\` projects`,
    ),
    FIREBASE_AUTH_DOMAIN: text(
      "Host of Firebase's auth handler (`host` or `host:port`, checked at start), which sign-in popups load (the login page's Content-Security-Policy) and to which the login page hands the emailed links it does not handle itself",
      '`<project id>.firebaseapp.com`',
    ),
    SESSION_MAX_AGE_DAYS: amount(
      'number',
      {minimum: MIN_SESSION_MS / DAY_MS, maximum: MAX_SESSION_MS / DAY_MS, errorMessage: 'must be between 0.0035 (5 minutes) and 14'},
      {default: 5, description: 'Session cookie lifetime (5 minutes to 14 days)'},
    ),
    SESSION_REVOCATION_CHECK_SECONDS: seconds(
      'How long a verified session is trusted before Firebase is asked whether it was revoked',
      300,
    ),
    GATE_MEMORY_CACHE_MB: amount(
      'number',
      {minimum: 0},
      {
        default: 128,
        description: 'Memory for built files served from RAM instead of disk (files over 4 MiB always stream from disk; `0` turns it off)',
      },
    ),
    SIGN_IN_MAX_AGE_DAYS: amount(
      'number',
      {minimum: 0},
      {
        default: 14,
        description: 'A session can only be started from a sign-in younger than this (and from an ID token minted in the last 5 minutes)',
      },
    ),
    SIGN_IN_RATE_PER_CLIENT: amount(
      'integer',
      {exclusiveMinimum: 0},
      {
        default: 20,
        description:
          'New sessions (`POST /api/session`) and sign-in links (`POST /api/sign-in-link`) one client may ask for per minute, each; beyond it `429` with `Retry-After`. A client is its address, or behind proxies the address the last trusted one saw (`TRUST_PROXY`)',
      },
    ),
    SIGN_IN_RATE_PER_ACCOUNT: amount(
      'integer',
      {exclusiveMinimum: 0},
      {default: 10, description: 'New sessions one account may start per minute, from any client; beyond it `429` with `Retry-After`'},
    ),
    ALLOWED_EMAIL_DOMAINS: text('Who may read: comma-separated whole domains (`example.com,example.org`), or `*` for any verified email'),
    ALLOWED_EMAILS_FILE: text(
      "Who may read, and in which audiences: a file of addresses, one a line, each followed by its audiences if any (`ana@acme.test partners`, `bo@corp.test staff,partners`); a line `@corp.test staff` admits a whole domain and gives it audiences; `#` starts a comment at a line's start or after a space (inside a word it is part of the line); a line that is not one address admits nobody (a comma or control character after the address makes it none), a last line without a line ending is read as one still being written and admits nobody until it ends, and an audience the build does not define gives nothing, each logged as a warning; re-read when it changes",
    ),
    PUBLIC_PAGES: oneOf(['on', 'off'], {
      default: 'off',
      description:
        '`on` lets visitors who are not signed in read the pages whose audience is `public` (with search over those pages only); `off`: nothing but `/login` without signing in, whatever the docs say',
    }),
    EMAIL_SIGN_IN: oneOf(EMAIL_SIGN_IN_METHODS, {
      default: 'both',
      description:
        '`link`, `password` or `both`: how the login page signs readers in with their email address, by a sign-in link emailed to it ("Email me a sign-in link"), by a password, or either. The links a page sends to prove an address (for a new account, an unverified one) are sign-in links unless it is `password`',
    }),
    SIGN_UP: oneOf(['open', 'closed'], {
      default: 'open',
      description: '`open` or `closed`: whether the login page offers "Create an account"',
    }),
    PUBLIC_ORIGIN: text(
      'The origin readers use (`https://docs.example.com`); the session endpoints accept calls from it only. **Required for a real project**',
      'the loopback origins of the port, on `demo-` projects',
    ),
    ALLOWED_ORIGINS: text(
      'Comma-separated extra origins (`https://host[:port]` or `http://…`, checked at start) allowed to call `/api/session` and `/api/logout`',
    ),
    MEDIA_ORIGINS: text(
      'https origins (`https://host[:port]`, space- or comma-separated) that docs pages may show images, video and embeds from, such as `https://img.shields.io https://www.youtube-nocookie.com`; `/login` never gets them. `npm run check:docs` and the build name every external media URL this setting blocks',
      'none: docs show media from the site only',
    ),
    TRUST_PROXY: textOr(
      'false',
      "Behind proxies or load balancers, how many stand in front of the gate (Cloud Run: `1`; Firebase Hosting in front of Cloud Run: `2`), or their addresses and ranges (`10.0.0.0/8,192.0.2.7`): a client's address is then the one the last of them saw, from `X-Forwarded-For`, for the sign-in limit and the request log, and `X-Forwarded-*` give the loopback origins of a demo gate. `true`, or a range of every address, is refused: it would take the address the client writes. The cookie's `Secure` flag and HSTS follow `PUBLIC_ORIGIN`'s scheme, never a request's `X-Forwarded-Proto`",
    ),
    LOG_LEVEL: oneOf(LOG_LEVELS, {
      default: 'info',
      description: 'Level of the JSON log on stdout (`info` has the audit trail; `warn`, `error`, `silent`)',
    }),
    LOG_REQUESTS: Type.Optional(
      flag({
        defaultText: '`true` when `NODE_ENV=production`, else `false`',
        description: '`true` to log one line per request (method, path, status, ms)',
      }),
    ),
    IDENTITY_TIMEOUT_SECONDS: seconds('Longest wait for any one call to Firebase Auth', 4, true),
    IDENTITY_GRACE_SECONDS: seconds('How long verified sessions go on past their re-check while Firebase cannot be reached', 3600),
    SHUTDOWN_TIMEOUT_SECONDS: seconds('On SIGTERM, how long requests in flight may take before the server exits anyway', 10),
    REQUEST_TIMEOUT_SECONDS: seconds(
      'Longest time a client may take to send one request, headers and body; slower clients are cut (`408`)',
      30,
      true,
    ),
    HEADERS_TIMEOUT_SECONDS: seconds(
      "Longest time a request's headers may take, from the moment its connection opened: a new connection that sends nothing is answered `408` then and closed, whether or not its client reads the answer",
      10,
      true,
    ),
    IDLE_TIMEOUT_SECONDS: seconds('A connection on which nothing moves for this long is closed', 60, true),
    MAX_CONNECTIONS: amount(
      'integer',
      {exclusiveMinimum: 0},
      {
        default: 1024,
        description:
          'Open connections at most, from everyone: past it, the oldest connection that has sent no request yet is closed for the new one, or with none the one idle longest between requests; with neither, the new one is answered `503` with `Retry-After` at its first request, and closed',
      },
    ),
    MAX_CONNECTIONS_PER_CLIENT: amount(
      'integer',
      {exclusiveMinimum: 0},
      {
        default: 64,
        description:
          'Open connections from one client at most, a client being an IPv4 address or an IPv6 /64 (all of a host\'s addresses): past it, that client\'s oldest connection that has sent no request yet is closed for the new one, or with none its one idle longest; with neither, the new one is answered as one past `MAX_CONNECTIONS`, and does not count toward it. Not applied with `TRUST_PROXY`, where every connection comes from the proxy: there the proxy limits each client (see "Connections" below)',
      },
    ),
    INSIGHTS: oneOf(['on', 'off'], {
      default: 'on',
      description:
        '`on`: the gate keeps counts of reads, searches and "Was this page helpful?" answers for authors (README, "Insights"); `off`: nothing is kept, the feedback widget and `/insights` are gone',
    }),
    DATABASE_URL: text(
      'PostgreSQL where insights are kept (`postgres://user:password@host:5432/db`), shared by every gate instance; tables are made and migrated at start. **Required for a real project** while `INSIGHTS` is `on`',
      'an embedded database in `INSIGHTS_DATA_DIR`, on `demo-` projects',
    ),
    INSIGHTS_DATA_DIR: textOr(
      '.tutorial-hub-data/insights',
      "The embedded database's folder when `DATABASE_URL` is not set (demo projects only); kept between runs",
    ),
    INSIGHTS_AUDIENCE: text('The audience (audiences.json) whose readers may open `/insights`; nobody may when it is not set'),
    INSIGHTS_RETENTION_DAYS: amount(
      'integer',
      {minimum: 1, maximum: 3650, errorMessage: 'must be a whole number of days from 1 to 3650'},
      {default: 90, description: 'Insights older than this many days are deleted (checked at start and every hour)'},
    ),
  },
  {additionalProperties: false},
);

/** The environment as the schema reads it: a setting with a default always has a value. */
export type GateSettings = Static<typeof GATE_SETTINGS>;
export type LogLevel = GateSettings['LOG_LEVEL'];
