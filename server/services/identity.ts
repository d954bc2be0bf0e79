/**
 * The identity service (Firebase Auth) as a dependency that can fail: a deadline of our own on
 * every call, HTTP requests that end with the call (at its deadline, or when every reader waiting
 * for it has gone), and a record of when it last answered, for /readyz and for the log lines that
 * say when an outage began and ended.
 */
import {AsyncLocalStorage} from 'node:async_hooks';
import {subscribe} from 'node:diagnostics_channel';
import type {ClientRequest} from 'node:http';
import type {FastifyBaseLogger} from 'fastify';
import {systemClock, type Clock, type Timer} from './clock';

/** The identity service did not answer (network fault, server fault, or no answer in time). */
export class IdentityUnavailableError extends Error {
  readonly code: string = 'identity-unavailable';
  constructor(cause: unknown) {
    super('The identity service cannot be reached', {cause});
    this.name = 'IdentityUnavailableError';
  }
}

/**
 * Firebase answered that the project's quota for a call is spent: it can be reached, but judges nothing
 * for now. Callers treat it as a service that cannot be reached (verified sessions go on within the grace
 * period, a new sign-in gets 503); the gate's record of outages and /readyz do not.
 */
export class IdentityQuotaExceeded extends IdentityUnavailableError {
  override readonly code = 'identity-quota-exceeded';
  constructor(cause: unknown) {
    super(cause);
    this.message = "The identity service refused the call: the project's quota is spent";
    this.name = 'IdentityQuotaExceeded';
  }
}

/**
 * Firebase's answer to a spent quota: its own code, or, where the SDK does not know the server's words
 * (HTTP 429, RESOURCE_EXHAUSTED), an internal error that quotes them.
 */
export function isQuotaExceeded(error: unknown): boolean {
  const {code, message} = (error ?? {}) as {code?: unknown; message?: unknown};
  if (code === 'auth/quota-exceeded') return true;
  return code === 'auth/internal-error' && typeof message === 'string' && /RESOURCE_EXHAUSTED|QUOTA_EXCEEDED|"code":\s*429\b/.test(message);
}

/** How often a spent quota is logged while it lasts. */
const QUOTA_LOG_EVERY_MS = 60_000;

/** Every reader waiting for a call went away: nobody needs its answer. */
export class IdentityCallAbandoned extends Error {
  readonly code = 'identity-call-abandoned';
  constructor() {
    super('Nobody waits for this call to the identity service any more');
    this.name = 'IdentityCallAbandoned';
  }
}

/** Codes the admin SDK does not retry on (it retries ECONNRESET and ETIMEDOUT for minutes). */
const DEADLINE_CODE = 'EIDENTITYDEADLINE';
const ABANDONED_CODE = 'EIDENTITYABANDONED';

/** Network and server faults, as opposed to an answer (a cookie Firebase looked at and refused). */
export function isServiceFailure(error: unknown): boolean {
  if (error instanceof IdentityUnavailableError) return true;
  const code = (error as {code?: unknown} | null)?.code;
  return typeof code === 'string' && (code.startsWith('app/') || code === 'auth/internal-error' || code === DEADLINE_CODE);
}

/** The HTTP requests one call made; once it is over, any request it still makes is ended at once. */
interface CallScope {
  requests: Set<ClientRequest>;
  ended: {code: string; message: string} | null;
}

const scopes = new AsyncLocalStorage<CallScope>();

function end(request: ClientRequest, reason: {code: string; message: string}): void {
  request.destroy(Object.assign(new Error(reason.message), {code: reason.code}));
}

// firebase-admin takes no abort signal; Node announces every HTTP request it starts, in the async
// context of the code that started it, so each request can be tied to the call that made it.
subscribe('http.client.request.start', (message) => {
  const scope = scopes.getStore();
  if (!scope) return;
  const {request} = message as {request: ClientRequest};
  if (scope.ended) end(request, scope.ended);
  else scope.requests.add(request);
});

export interface IdentityStatus {
  reachable: boolean;
  /** When the service last answered (ms), or null if it never has. */
  lastAnswerAt: number | null;
  /** When the current outage began (ms), or null. */
  outageSince: number | null;
}

/** Runs calls to the identity service under a deadline, and keeps track of whether it answers. */
export class IdentityService {
  private lastAnswerAt: number | null = null;
  private outageSince: number | null = null;
  private quotaLoggedAt: number | null = null;

  constructor(
    private readonly deadlineMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The call's result; an answer that is an error (user not found) still counts as an answer. The
   * call's HTTP requests end at the deadline, or at once when `signal` aborts.
   */
  async call<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const scope: CallScope = {requests: new Set(), ended: null};
    const stop = (reason: {code: string; message: string}) => {
      scope.ended = reason;
      for (const request of scope.requests) end(request, reason);
    };
    let timer: Timer | undefined;
    let onAbort: (() => void) | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = this.clock.setTimeout(() => {
        const message = `no answer within ${this.deadlineMs} ms`;
        stop({code: DEADLINE_CODE, message});
        reject(new IdentityUnavailableError(new Error(message)));
      }, this.deadlineMs);
    });
    const abandoned = new Promise<never>((_, reject) => {
      onAbort = () => {
        stop({code: ABANDONED_CODE, message: 'abandoned: nobody waits for the answer'});
        reject(new IdentityCallAbandoned());
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, {once: true});
    });
    const working = scopes.run(scope, work);
    // The losing side of the race must not surface as an unhandled rejection.
    for (const promise of [working, deadline, abandoned]) promise.catch(() => undefined);
    try {
      const result = await Promise.race([working, deadline, abandoned]);
      this.answered();
      return result;
    } catch (error) {
      if (error instanceof IdentityCallAbandoned) throw error;
      if (isQuotaExceeded(error)) {
        // An answer all the same: Firebase can be reached.
        this.answered();
        this.quotaExceeded(error);
        throw new IdentityQuotaExceeded(error);
      }
      if (!isServiceFailure(error)) {
        this.answered();
        throw error;
      }
      const failure = error instanceof IdentityUnavailableError ? error : new IdentityUnavailableError(error);
      this.failed(failure);
      throw failure;
    } finally {
      if (timer) this.clock.clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  status(): IdentityStatus {
    return {reachable: this.outageSince === null, lastAnswerAt: this.lastAnswerAt, outageSince: this.outageSince};
  }

  /** Whether the service answered within the last `ms`, by this service's own clock. */
  answeredWithin(ms: number): boolean {
    return this.lastAnswerAt !== null && this.clock.now() - this.lastAnswerAt <= ms;
  }

  private answered(): void {
    this.lastAnswerAt = this.clock.now();
    if (this.outageSince === null) return;
    const seconds = Math.round((this.lastAnswerAt - this.outageSince) / 1000);
    this.log.info({event: 'identity-outage-ended', outageSeconds: seconds}, 'The identity service answers again');
    this.outageSince = null;
  }

  /** The operator's to raise (Google Cloud console, Identity Toolkit API quotas): said as such, at most once a minute. */
  private quotaExceeded(error: unknown): void {
    const now = this.clock.now();
    if (this.quotaLoggedAt !== null && now - this.quotaLoggedAt < QUOTA_LOG_EVERY_MS) return;
    this.quotaLoggedAt = now;
    const cause = error instanceof Error ? error.message : String(error);
    this.log.warn(
      {event: 'identity-quota-exceeded', cause, code: (error as {code?: unknown}).code},
      "Firebase refuses calls: the project's quota for Identity Toolkit is spent (raise it in the Google Cloud console)",
    );
  }

  private failed(error: IdentityUnavailableError): void {
    if (this.outageSince !== null) return;
    this.outageSince = this.clock.now();
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    const code = (error.cause as {code?: unknown} | undefined)?.code;
    this.log.warn({event: 'identity-outage-began', cause, code}, 'The identity service cannot be reached');
  }
}
