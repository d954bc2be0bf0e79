/**
 * Gate server configuration, read once from the environment. `GATE_SETTINGS` is a JSON Schema and
 * the one home of every setting's name, default and meaning: Ajv checks and converts the
 * environment with it, and README.md's table of the gate's settings is written from it
 * (`npm run settings:readme`; a unit test fails when the two differ).
 */
import path from 'node:path';
import Ajv, {type ErrorObject} from 'ajv';
import {
  DEFAULT_EMULATOR_HOST,
  DEMO_PROJECT_ID,
  emulatorForRealProject,
  firebaseProjectFromEnv,
  type Env,
} from '../contracts/firebaseProject';
import {parseMediaOrigins} from '../contracts/mediaOrigins';
import {BUILD_ROOT} from '../contracts/buildLayout';
import {isHost, OriginSettingError, parseAllowedOrigins, parsePublicOrigin} from '../contracts/origins';
import {EMAIL_SIGN_IN_METHODS, type EmailSignIn} from '../contracts/session';
import {PolicyError, policySettingsFromEnv, type PolicySettings} from './rules/readerPolicy';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Firebase session cookies live between 5 minutes and 2 weeks. */
const MIN_SESSION_MS = 5 * 60 * 1000;
const MAX_SESSION_MS = 14 * DAY_MS;

/**
 * One setting. `description` is the README's "Meaning"; its "Default" column shows `default`, or
 * `defaultText` where the default depends on other settings or there is none. `errorMessage`, a
 * keyword of our own that readSettings reads, replaces the message made from the failed check.
 */
export type SettingSchema = {
  type: 'string' | 'number' | 'integer' | 'boolean';
  description: string;
  enum?: readonly string[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  errorMessage?: string;
} & ({default: string | number; defaultText?: never} | {defaultText: string; default?: never});

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A duration in seconds: 0 or more, or more than 0 when `positive`. */
const seconds = (description: string, fallback: number, positive = false) => ({
  type: 'number' as const,
  ...(positive ? {exclusiveMinimum: 0} : {minimum: 0}),
  default: fallback,
  description,
});

/** The settings in the README's order. */
const SETTINGS = {
  PORT: {
    type: 'integer',
    minimum: 0,
    maximum: 65535,
    default: 3000,
    errorMessage: 'must be a port number',
    description: 'Port it listens on',
  },
  HOST: {type: 'string', default: '127.0.0.1', description: 'Address it listens on'},
  BUILD_DIR: {
    type: 'string',
    default: BUILD_ROOT,
    description: 'The build it serves: a folder holding `site/` and `login/` (or a symlink to one, see "New builds")',
  },
  NODE_ENV: {
    type: 'string',
    defaultText: 'none',
    description:
      '`production` requires a real `FIREBASE_PROJECT_ID` (not `demo-`) and no `FIREBASE_AUTH_EMULATOR_HOST`, and turns `LOG_REQUESTS` on',
  },
  FIREBASE_PROJECT_ID: {
    type: 'string',
    defaultText: `\`${DEMO_PROJECT_ID}\``,
    description:
      'Project whose session cookies it accepts. **Required when `NODE_ENV=production`**: there the demo project and its emulator never apply',
  },
  FIREBASE_AUTH_EMULATOR_HOST: {
    type: 'string',
    defaultText: `\`${DEFAULT_EMULATOR_HOST}\` for \`demo-\` projects`,
    description: 'Emulator address; **refused unless the project id starts with `demo-`**, because emulator tokens are unsigned',
  },
  FIREBASE_AUTH_DOMAIN: {
    type: 'string',
    defaultText: '`<project id>.firebaseapp.com`',
    description:
      "Host of Firebase's auth handler (`host` or `host:port`, checked at start), which sign-in popups load (the login page's Content-Security-Policy) and to which the login page hands the emailed links it does not handle itself",
  },
  SESSION_MAX_AGE_DAYS: {
    type: 'number',
    minimum: MIN_SESSION_MS / DAY_MS,
    maximum: MAX_SESSION_MS / DAY_MS,
    default: 5,
    errorMessage: 'must be between 0.0035 (5 minutes) and 14',
    description: 'Session cookie lifetime (5 minutes to 14 days)',
  },
  SESSION_REVOCATION_CHECK_SECONDS: seconds('How long a verified session is trusted before Firebase is asked whether it was revoked', 300),
  GATE_MEMORY_CACHE_MB: {
    type: 'number',
    minimum: 0,
    default: 128,
    description: 'Memory for built files served from RAM instead of disk (files over 4 MiB always stream from disk; `0` turns it off)',
  },
  SIGN_IN_MAX_AGE_DAYS: {
    type: 'number',
    minimum: 0,
    default: 14,
    description: 'A session can only be started from a sign-in younger than this (and from an ID token minted in the last 5 minutes)',
  },
  SIGN_IN_RATE_PER_CLIENT: {
    type: 'integer',
    exclusiveMinimum: 0,
    default: 20,
    description:
      'New sessions (`POST /api/session`) and sign-in links (`POST /api/sign-in-link`) one client may ask for per minute, each; beyond it `429` with `Retry-After`. A client is its address, or behind a proxy what `TRUST_PROXY` reads from `X-Forwarded-For`',
  },
  SIGN_IN_RATE_PER_ACCOUNT: {
    type: 'integer',
    exclusiveMinimum: 0,
    default: 10,
    description: 'New sessions one account may start per minute, from any client; beyond it `429` with `Retry-After`',
  },
  ALLOWED_EMAIL_DOMAINS: {
    type: 'string',
    defaultText: 'none',
    description: 'Who may read: comma-separated whole domains (`example.com,example.org`), or `*` for any verified email',
  },
  ALLOWED_EMAILS_FILE: {
    type: 'string',
    defaultText: 'none',
    description:
      "Who may read, and in which audiences: a file of addresses, one a line, each followed by its audiences if any (`ana@acme.test partners`, `bo@corp.test staff,partners`); a line `@corp.test staff` admits a whole domain and gives it audiences; `#` starts a comment at a line's start or after a space (inside a word it is part of the line); a line that is not one address admits nobody, and an audience the build does not define gives nothing, each logged as a warning; re-read when it changes",
  },
  PUBLIC_PAGES: {
    type: 'string',
    enum: ['on', 'off'],
    default: 'off',
    description:
      '`on` lets visitors who are not signed in read the pages whose audience is `public` (with search over those pages only); `off`: nothing but `/login` without signing in, whatever the docs say',
  },
  EMAIL_SIGN_IN: {
    type: 'string',
    enum: EMAIL_SIGN_IN_METHODS,
    default: 'both',
    description:
      '`link`, `password` or `both`: how the login page signs readers in with their email address, by a sign-in link emailed to it ("Email me a sign-in link"), by a password, or either. The links a page sends to prove an address (for a new account, an unverified one) are sign-in links unless it is `password`',
  },
  SIGN_UP: {
    type: 'string',
    enum: ['open', 'closed'],
    default: 'open',
    description: '`open` or `closed`: whether the login page offers "Create an account"',
  },
  PUBLIC_ORIGIN: {
    type: 'string',
    defaultText: 'the loopback origins of the port, on `demo-` projects',
    description:
      'The origin readers use (`https://docs.example.com`); the session endpoints accept calls from it only. **Required for a real project**',
  },
  ALLOWED_ORIGINS: {
    type: 'string',
    defaultText: 'none',
    description:
      'Comma-separated extra origins (`https://host[:port]` or `http://…`, checked at start) allowed to call `/api/session` and `/api/logout`',
  },
  MEDIA_ORIGINS: {
    type: 'string',
    defaultText: 'none: docs show media from the site only',
    description:
      'https origins (`https://host[:port]`, space- or comma-separated) that docs pages may show images, video and embeds from, such as `https://img.shields.io https://www.youtube-nocookie.com`; `/login` never gets them. `npm run check:docs` and the build name every external media URL this setting blocks',
  },
  TRUST_PROXY: {
    type: 'string',
    default: 'false',
    description:
      "`true` behind a proxy or load balancer (reads `X-Forwarded-*` for the request log and the loopback origins of a demo gate). The cookie's `Secure` flag and HSTS follow `PUBLIC_ORIGIN`'s scheme, never a request's `X-Forwarded-Proto`",
  },
  LOG_LEVEL: {
    type: 'string',
    enum: LOG_LEVELS,
    default: 'info',
    description: 'Level of the JSON log on stdout (`info` has the audit trail; `warn`, `error`, `silent`)',
  },
  LOG_REQUESTS: {
    type: 'boolean',
    defaultText: '`true` when `NODE_ENV=production`, else `false`',
    description: '`true` to log one line per request (method, path, status, ms)',
  },
  IDENTITY_TIMEOUT_SECONDS: seconds('Longest wait for any one call to Firebase Auth', 4, true),
  IDENTITY_GRACE_SECONDS: seconds('How long verified sessions go on past their re-check while Firebase cannot be reached', 3600),
  SHUTDOWN_TIMEOUT_SECONDS: seconds('On SIGTERM, how long requests in flight may take before the server exits anyway', 10),
  REQUEST_TIMEOUT_SECONDS: seconds(
    'Longest time a client may take to send one request, headers and body; slower clients are cut (`408`)',
    30,
    true,
  ),
  HEADERS_TIMEOUT_SECONDS: seconds(
    "Longest time a request's headers may take, from the moment its connection opened: a new connection that sends nothing is closed then (`408`)",
    10,
    true,
  ),
  IDLE_TIMEOUT_SECONDS: seconds('A connection on which nothing moves for this long is closed', 60, true),
  MAX_CONNECTIONS: {
    type: 'integer',
    exclusiveMinimum: 0,
    default: 1024,
    description: 'Open connections beyond this are answered `503` with `Retry-After` at their first request, and closed',
  },
  MAX_CONNECTIONS_PER_CLIENT: {
    type: 'integer',
    exclusiveMinimum: 0,
    default: 64,
    description:
      'Open connections from one address beyond this are answered as those beyond `MAX_CONNECTIONS`, and do not count toward it. Not applied with `TRUST_PROXY`, where every connection comes from the proxy: there the proxy limits each client (see "Connections" below)',
  },
} as const satisfies Record<string, SettingSchema>;

type SettingName = keyof typeof SETTINGS;
type ValueOf<S> = S extends {enum: readonly (infer E)[]}
  ? E
  : S extends {type: 'number' | 'integer'}
    ? number
    : S extends {type: 'boolean'}
      ? boolean
      : string;
/** The environment as the schema reads it: a setting with a default always has a value. */
type Settings = {
  [K in SettingName]: (typeof SETTINGS)[K] extends {default: unknown}
    ? ValueOf<(typeof SETTINGS)[K]>
    : ValueOf<(typeof SETTINGS)[K]> | undefined;
};

/** The gate's settings as a JSON Schema of the environment. */
export const GATE_SETTINGS = {type: 'object', properties: SETTINGS} as const satisfies {
  type: 'object';
  properties: Record<string, SettingSchema>;
};

// Environment values are strings: Ajv turns them into the numbers and booleans the schema names.
const ajv = new Ajv({coerceTypes: true, useDefaults: true, strict: true});
ajv.addKeyword({keyword: 'defaultText', schemaType: 'string'});
ajv.addKeyword({keyword: 'errorMessage', schemaType: 'string'});
const validateSettings = ajv.compile<Settings>(GATE_SETTINGS);

export interface GateConfig {
  port: number;
  host: string;
  buildDir: string;
  projectId: string;
  /** `host:port` of the Auth emulator, or null for the real Firebase service. */
  emulatorHost: string | null;
  sessionMaxAgeMs: number;
  /** How long a verified session is trusted before Firebase is asked again whether it was revoked. */
  revocationCheckMs: number;
  /** A session can be started only from a sign-in (password or provider) younger than this. */
  signInMaxAgeMs: number;
  /** New sessions (and sign-in links) one client may ask for per minute. */
  signInRatePerClient: number;
  /** New sessions one account may start per minute. */
  signInRatePerAccount: number;
  /**
   * The origin readers use (`https://docs.example.com`), compared with the Origin of calls to the
   * session endpoints; null on a demo project, where the loopback origins of the gate's port are used.
   */
  publicOrigin: string | null;
  /** Further origins allowed to call the session endpoints. */
  allowedOrigins: string[];
  /** Who may read. */
  policy: PolicySettings;
  /** No policy was set on a demo project: every verified email is admitted. */
  openDemoPolicy: boolean;
  /** Whether the login page offers "Create an account". */
  signUp: 'open' | 'closed';
  /** How the login page signs readers in with their email address. */
  emailSignIn: EmailSignIn;
  /** Whether visitors who are not signed in may read the pages whose audience is `public`. */
  publicPages: boolean;
  trustProxy: boolean | string;
  /** The Firebase auth handler's host, which sign-in popups load (CSP). */
  authDomain: string;
  /** Other sites docs pages may show images, video and embeds from (CSP of docs pages only). */
  mediaOrigins: string[];
  /** Memory for built files served from RAM rather than disk (0: always from disk). */
  memoryCacheBytes: number;
  /** Longest wait for any one call to Firebase. */
  identityTimeoutMs: number;
  /** How long verified sessions go on past their re-check while Firebase cannot be reached. */
  identityGraceMs: number;
  /** On SIGTERM, how long in-flight requests may take before the server exits anyway. */
  shutdownTimeoutMs: number;
  /** Longest time a client may take to send one request, headers and body. */
  requestTimeoutMs: number;
  /** Longest time a request's headers may take from the moment its connection opened. */
  headersTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed. */
  idleTimeoutMs: number;
  /** Open connections beyond this are answered 503 and closed. */
  maxConnections: number;
  /** Open connections from one address beyond this are answered 503 and closed; null behind a proxy. */
  maxConnectionsPerClient: number | null;
  logLevel: LogLevel;
  /** One log line per request (on by default in production). */
  logRequests: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function expected({keyword, params}: ErrorObject): string {
  switch (keyword) {
    case 'type':
      return (
        {integer: 'must be a whole number', number: 'must be a number', boolean: 'must be true or false'}[params.type as string] ??
        `must be a ${params.type}`
      );
    case 'enum': {
      const values = params.allowedValues as string[];
      return values.length === 2 ? `must be ${values.join(' or ')}` : `must be one of ${values.join(', ')}`;
    }
    case 'minimum':
      return params.limit === 0 ? 'must be a non-negative number' : `must be at least ${params.limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${params.limit}`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    default:
      return `is not valid (${keyword})`;
  }
}

/** The schema's settings from `env`; an empty value counts as unset, as shells and .env files write them. */
function readSettings(env: Env): Settings {
  const given = Object.fromEntries(Object.keys(SETTINGS).flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
  if (validateSettings(given)) {
    // Ajv turns "Infinity" into a number and then skips its numeric checks.
    const infinite = Object.keys(given).find((name) => {
      const value = given[name as SettingName];
      return typeof value === 'number' && !Number.isFinite(value);
    });
    if (infinite) throw new ConfigError(`${infinite} must be a finite number; got "${env[infinite]}"`);
    return given;
  }
  const [error] = validateSettings.errors!;
  const name = error.instancePath.slice(1) as SettingName;
  const setting: SettingSchema = SETTINGS[name];
  throw new ConfigError(`${name} ${setting.errorMessage ?? expected(error)}; got "${env[name]}"`);
}

/**
 * The validated settings that are text, shaped as the environment: the readers of the Firebase
 * project and of the reader policy, shared with the `readers` command, take that.
 */
function asEnv(settings: Settings): Env {
  return Object.fromEntries(
    Object.entries(settings).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as const] : [])),
  );
}

function policySettings(validated: Env, cwd: string, isDemo: boolean): {policy: PolicySettings; openDemoPolicy: boolean} {
  let read;
  try {
    read = policySettingsFromEnv(validated, cwd, isDemo);
  } catch (error) {
    if (error instanceof PolicyError) throw new ConfigError(error.message);
    throw error;
  }
  if (read.unset && !isDemo) {
    throw new ConfigError(
      'Set ALLOWED_EMAIL_DOMAINS or ALLOWED_EMAILS_FILE: a real Firebase project needs a reader policy; refusing to start.',
    );
  }
  return {policy: read.settings, openDemoPolicy: read.unset};
}

/** The operator's origin settings, each checked as every reader of them checks it (contracts/origins.ts). */
function origins(settings: Settings) {
  try {
    return {
      publicOrigin: parsePublicOrigin(settings.PUBLIC_ORIGIN),
      allowedOrigins: parseAllowedOrigins(settings.ALLOWED_ORIGINS),
      mediaOrigins: parseMediaOrigins(settings.MEDIA_ORIGINS),
    };
  } catch (error) {
    if (error instanceof OriginSettingError) throw new ConfigError(error.message);
    throw error;
  }
}

function trustProxy(raw: string): boolean | string {
  return raw === 'true' ? true : raw === 'false' ? false : raw;
}

/**
 * The demo project trusts unsigned tokens from a local emulator (a sidecar can share localhost on
 * Cloud Run): production never starts on it, nor with an emulator address set at all.
 */
function refuseDemoInProduction(settings: Settings): void {
  if (settings.NODE_ENV !== 'production') return;
  const refusal = !settings.FIREBASE_PROJECT_ID
    ? 'FIREBASE_PROJECT_ID is not set'
    : settings.FIREBASE_PROJECT_ID.startsWith('demo-')
      ? `FIREBASE_PROJECT_ID is the demo project "${settings.FIREBASE_PROJECT_ID}"`
      : settings.FIREBASE_AUTH_EMULATOR_HOST
        ? 'FIREBASE_AUTH_EMULATOR_HOST is set'
        : null;
  if (refusal !== null) {
    throw new ConfigError(
      `NODE_ENV is production but ${refusal}: the demo project and the Auth emulator are never used in production; refusing to start.`,
    );
  }
}

export function loadConfig(env: Env, cwd = process.cwd()): GateConfig {
  const settings = readSettings(env);
  refuseDemoInProduction(settings);
  const validated = asEnv(settings);
  const project = firebaseProjectFromEnv(validated);
  const {projectId, isDemo, emulatorHost, authDomain} = project;
  if (emulatorForRealProject(project)) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST is set, but the project "${projectId}" is not a demo- project. ` +
        'The Auth emulator issues unsigned tokens; refusing to start.',
    );
  }
  // The login page's Content-Security-Policy names it: a host, and nothing a header would read as more.
  if (!isHost(authDomain)) {
    throw new ConfigError(`FIREBASE_AUTH_DOMAIN must be a host name such as tutorial-hub.firebaseapp.com; got "${authDomain}"`);
  }
  const {publicOrigin, allowedOrigins, mediaOrigins} = origins(settings);
  if (!isDemo && publicOrigin === null) {
    throw new ConfigError('Set PUBLIC_ORIGIN to the origin readers use (such as https://docs.example.com); refusing to start.');
  }
  const proxy = trustProxy(settings.TRUST_PROXY);
  return {
    port: settings.PORT,
    host: settings.HOST,
    buildDir: path.resolve(cwd, settings.BUILD_DIR),
    projectId,
    emulatorHost,
    sessionMaxAgeMs: settings.SESSION_MAX_AGE_DAYS * DAY_MS,
    revocationCheckMs: settings.SESSION_REVOCATION_CHECK_SECONDS * 1000,
    signInMaxAgeMs: settings.SIGN_IN_MAX_AGE_DAYS * DAY_MS,
    signInRatePerClient: settings.SIGN_IN_RATE_PER_CLIENT,
    signInRatePerAccount: settings.SIGN_IN_RATE_PER_ACCOUNT,
    publicOrigin,
    ...policySettings(validated, cwd, isDemo),
    signUp: settings.SIGN_UP,
    emailSignIn: settings.EMAIL_SIGN_IN,
    publicPages: settings.PUBLIC_PAGES === 'on',
    allowedOrigins,
    trustProxy: proxy,
    authDomain,
    mediaOrigins,
    memoryCacheBytes: settings.GATE_MEMORY_CACHE_MB * 1024 * 1024,
    identityTimeoutMs: settings.IDENTITY_TIMEOUT_SECONDS * 1000,
    identityGraceMs: settings.IDENTITY_GRACE_SECONDS * 1000,
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: settings.REQUEST_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: settings.HEADERS_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: settings.IDLE_TIMEOUT_SECONDS * 1000,
    maxConnections: settings.MAX_CONNECTIONS,
    maxConnectionsPerClient: proxy === false ? settings.MAX_CONNECTIONS_PER_CLIENT : null,
    logLevel: settings.LOG_LEVEL,
    logRequests: settings.LOG_REQUESTS ?? settings.NODE_ENV === 'production',
  };
}
