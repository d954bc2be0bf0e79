/** Gate server configuration, read once from the environment. */
import path from 'node:path';
import {emulatorForRealProject, firebaseProjectFromEnv, type Env} from '../contracts/firebaseProject';
import {MediaOriginsError, parseMediaOrigins} from '../contracts/mediaOrigins';
import {PolicyError, policySettingsFromEnv, type PolicySettings} from './rules/readerPolicy';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Firebase session cookies live between 5 minutes and 2 weeks. */
const MIN_SESSION_MS = 5 * 60 * 1000;
const MAX_SESSION_MS = 14 * DAY_MS;

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
  /** A connection on which nothing moves for this long is closed. */
  idleTimeoutMs: number;
  /** Open connections beyond this are closed as they arrive. */
  maxConnections: number;
  logLevel: LogLevel;
  /** One log line per request (on by default in production). */
  logRequests: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function number(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new ConfigError(`${name} must be a non-negative number; got "${raw}"`);
  return value;
}

function origin(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN must be an origin such as https://docs.example.com; got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.origin !== raw.trim().replace(/\/$/, '')) {
    throw new ConfigError(`PUBLIC_ORIGIN must be an origin such as https://docs.example.com (no path); got "${raw}"`);
  }
  return url.origin;
}

function policySettings(env: Env, cwd: string, isDemo: boolean): {policy: PolicySettings; openDemoPolicy: boolean} {
  let read;
  try {
    read = policySettingsFromEnv(env, cwd, isDemo);
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

function mediaOrigins(raw: string | undefined): string[] {
  try {
    return parseMediaOrigins(raw);
  } catch (error) {
    if (error instanceof MediaOriginsError) throw new ConfigError(error.message);
    throw error;
  }
}

function logLevel(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
  throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${raw}"`);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new ConfigError(`${name} must be true or false; got "${raw}"`);
}

function signUp(raw: string | undefined): 'open' | 'closed' {
  if (raw === undefined || raw === '' || raw === 'open') return 'open';
  if (raw === 'closed') return 'closed';
  throw new ConfigError(`SIGN_UP must be open or closed; got "${raw}"`);
}

function positive(env: Env, name: string, fallback: number): number {
  const value = number(env, name, fallback);
  if (value === 0) throw new ConfigError(`${name} must be more than 0`);
  return value;
}

function integer(env: Env, name: string, fallback: number): number {
  const value = positive(env, name, fallback);
  if (!Number.isInteger(value)) throw new ConfigError(`${name} must be a whole number; got "${env[name]}"`);
  return value;
}

function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}

export function loadConfig(env: Env, cwd = process.cwd()): GateConfig {
  // The demo project trusts unsigned tokens from a local emulator; production never falls back to it.
  if (env.NODE_ENV === 'production' && !env.FIREBASE_PROJECT_ID) {
    throw new ConfigError(
      'NODE_ENV is production but FIREBASE_PROJECT_ID is not set: the demo project is never used in production; refusing to start.',
    );
  }
  const project = firebaseProjectFromEnv(env);
  const {projectId, isDemo, emulatorHost, authDomain} = project;
  if (emulatorForRealProject(project)) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST is set, but the project "${projectId}" is not a demo- project. ` +
        'The Auth emulator issues unsigned tokens; refusing to start.',
    );
  }
  const sessionMaxAgeMs = number(env, 'SESSION_MAX_AGE_DAYS', 5) * DAY_MS;
  if (sessionMaxAgeMs < MIN_SESSION_MS || sessionMaxAgeMs > MAX_SESSION_MS) {
    throw new ConfigError('SESSION_MAX_AGE_DAYS must be between 0.0035 (5 minutes) and 14');
  }
  const publicOrigin = origin(env.PUBLIC_ORIGIN);
  if (!isDemo && publicOrigin === null) {
    throw new ConfigError('Set PUBLIC_ORIGIN to the origin readers use (such as https://docs.example.com); refusing to start.');
  }
  const port = number(env, 'PORT', 3000);
  if (!Number.isInteger(port) || port > 65535) throw new ConfigError(`PORT must be a port number; got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    buildDir: path.resolve(cwd, env.BUILD_DIR || 'build'),
    projectId,
    emulatorHost,
    sessionMaxAgeMs,
    revocationCheckMs: number(env, 'SESSION_REVOCATION_CHECK_SECONDS', 300) * 1000,
    signInMaxAgeMs: number(env, 'SIGN_IN_MAX_AGE_DAYS', 14) * DAY_MS,
    publicOrigin,
    ...policySettings(env, cwd, isDemo),
    signUp: signUp(env.SIGN_UP),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: trustProxy(env.TRUST_PROXY),
    authDomain,
    mediaOrigins: mediaOrigins(env.MEDIA_ORIGINS),
    memoryCacheBytes: number(env, 'GATE_MEMORY_CACHE_MB', 128) * 1024 * 1024,
    identityTimeoutMs: positive(env, 'IDENTITY_TIMEOUT_SECONDS', 4) * 1000,
    identityGraceMs: number(env, 'IDENTITY_GRACE_SECONDS', 3600) * 1000,
    shutdownTimeoutMs: number(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10) * 1000,
    requestTimeoutMs: positive(env, 'REQUEST_TIMEOUT_SECONDS', 30) * 1000,
    idleTimeoutMs: positive(env, 'IDLE_TIMEOUT_SECONDS', 60) * 1000,
    maxConnections: integer(env, 'MAX_CONNECTIONS', 1024),
    logLevel: logLevel(env.LOG_LEVEL),
    logRequests: flag(env, 'LOG_REQUESTS', env.NODE_ENV === 'production'),
  };
}
