/**
 * The gate's configuration, read once from the environment: the settings schema (server/settings.ts)
 * checks and types each variable, and the rules between settings below decide whether the gate may
 * start with them. Every refusal is a SettingError, one line naming the variables.
 */
import path from 'node:path';
import {SettingError, readSettings} from '../contracts/envSettings';
import {emulatorForRealProject, firebaseProjectFromEnv, type Env} from '../contracts/firebaseProject';
import {parseMediaOrigins} from '../contracts/mediaOrigins';
import {isHost, parseAllowedOrigins, parsePublicOrigin} from '../contracts/origins';
import type {EmailSignIn} from '../contracts/session';
import {policySettingsFromEnv, type PolicySettings} from './rules/readerPolicy';
import {trustedProxiesOf, type TrustedProxies} from './rules/trustedProxies';
import {DAY_MS, GATE_SETTINGS, type GateSettings} from './settings';

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
  /** The proxies in front of the gate it believes (rules/trustedProxies.ts). */
  trustProxy: TrustedProxies;
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
  /** Open connections at most (rules/connections.ts: a silent or idle one gives way, else the new one is answered 503). */
  maxConnections: number;
  /** Open connections from one address at most, as for maxConnections; null behind a proxy. */
  maxConnectionsPerClient: number | null;
  logLevel: GateSettings['LOG_LEVEL'];
  /** One log line per request (on by default in production). */
  logRequests: boolean;
  /** What the gate keeps for authors, and where (null: INSIGHTS=off). */
  insights: InsightsConfig | null;
}

export interface InsightsConfig {
  /** PostgreSQL's address, or null for the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** The audience whose readers may open /insights (null: nobody). */
  audience: string | null;
  retentionDays: number;
}

function insightsConfig(settings: GateSettings, cwd: string, isDemo: boolean): InsightsConfig | null {
  if (settings.INSIGHTS === 'off') return null;
  const databaseUrl = settings.DATABASE_URL?.trim() || null;
  if (databaseUrl === null && !isDemo) {
    throw new SettingError(
      'Set DATABASE_URL to the PostgreSQL where insights are kept, or INSIGHTS=off: a real project keeps them in one database for every gate; refusing to start.',
    );
  }
  if (databaseUrl !== null && !/^postgres(?:ql)?:\/\//.test(databaseUrl)) {
    throw new SettingError('DATABASE_URL must be a PostgreSQL address such as postgres://user:password@host:5432/db');
  }
  return {
    databaseUrl,
    dataDir: path.resolve(cwd, settings.INSIGHTS_DATA_DIR),
    audience: settings.INSIGHTS_AUDIENCE?.trim() || null,
    retentionDays: settings.INSIGHTS_RETENTION_DAYS,
  };
}

function policySettings(settings: GateSettings, cwd: string, isDemo: boolean): {policy: PolicySettings; openDemoPolicy: boolean} {
  const read = policySettingsFromEnv(settings, cwd, isDemo);
  if (read.unset && !isDemo) {
    throw new SettingError(
      'Set ALLOWED_EMAIL_DOMAINS or ALLOWED_EMAILS_FILE: a real Firebase project needs a reader policy; refusing to start.',
    );
  }
  return {policy: read.settings, openDemoPolicy: read.unset};
}

/**
 * The demo project trusts unsigned tokens from a local emulator (a sidecar can share localhost on
 * Cloud Run): production never starts on it, nor with an emulator address set at all.
 */
function refuseDemoInProduction(settings: GateSettings): void {
  if (settings.NODE_ENV !== 'production') return;
  const refusal = !settings.FIREBASE_PROJECT_ID
    ? 'FIREBASE_PROJECT_ID is not set'
    : settings.FIREBASE_PROJECT_ID.startsWith('demo-')
      ? `FIREBASE_PROJECT_ID is the demo project "${settings.FIREBASE_PROJECT_ID}"`
      : settings.FIREBASE_AUTH_EMULATOR_HOST
        ? 'FIREBASE_AUTH_EMULATOR_HOST is set'
        : null;
  if (refusal !== null) {
    throw new SettingError(
      `NODE_ENV is production but ${refusal}: the demo project and the Auth emulator are never used in production; refusing to start.`,
    );
  }
}

/** The gate's configuration from `env`; throws SettingError when the gate must not start with it. */
export function loadConfig(env: Env, cwd = process.cwd()): GateConfig {
  const settings = readSettings(GATE_SETTINGS, env);
  refuseDemoInProduction(settings);
  const project = firebaseProjectFromEnv(settings);
  const {projectId, isDemo, emulatorHost, authDomain} = project;
  if (emulatorForRealProject(project)) {
    throw new SettingError(
      `FIREBASE_AUTH_EMULATOR_HOST is set, but the project "${projectId}" is not a demo- project. ` +
        'The Auth emulator issues unsigned tokens; refusing to start.',
    );
  }
  // The login page's Content-Security-Policy names it: a host, and nothing a header would read as more.
  if (!isHost(authDomain)) {
    throw new SettingError(`FIREBASE_AUTH_DOMAIN must be a host name such as tutorial-hub.firebaseapp.com; got "${authDomain}"`);
  }
  // Each origin setting is checked as every reader of it checks it (contracts/origins.ts).
  const publicOrigin = parsePublicOrigin(settings.PUBLIC_ORIGIN);
  const allowedOrigins = parseAllowedOrigins(settings.ALLOWED_ORIGINS);
  const mediaOrigins = parseMediaOrigins(settings.MEDIA_ORIGINS);
  const trustProxy = trustedProxiesOf(settings.TRUST_PROXY);
  if (!isDemo && publicOrigin === null) {
    throw new SettingError('Set PUBLIC_ORIGIN to the origin readers use (such as https://docs.example.com); refusing to start.');
  }
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
    ...policySettings(settings, cwd, isDemo),
    signUp: settings.SIGN_UP,
    emailSignIn: settings.EMAIL_SIGN_IN,
    publicPages: settings.PUBLIC_PAGES === 'on',
    allowedOrigins,
    trustProxy,
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
    maxConnectionsPerClient: trustProxy === false ? settings.MAX_CONNECTIONS_PER_CLIENT : null,
    logLevel: settings.LOG_LEVEL,
    logRequests: settings.LOG_REQUESTS ?? settings.NODE_ENV === 'production',
    insights: insightsConfig(settings, cwd, isDemo),
  };
}
