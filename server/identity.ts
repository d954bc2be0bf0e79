/**
 * The identity service (Firebase Auth) as a dependency that can fail: a deadline of our own on
 * every call, sockets that cannot hang, and a record of when it last answered, for /readyz and
 * for the log lines that say when an outage began and ended.
 */
import http from 'node:http';
import https from 'node:https';
import type {Socket} from 'node:net';

/** The identity service did not answer (network fault, server fault, or no answer in time). */
export class IdentityUnavailableError extends Error {
  readonly code = 'identity-unavailable';
  constructor(cause: unknown) {
    super('The identity service cannot be reached', {cause});
    this.name = 'IdentityUnavailableError';
  }
}

const DEADLINE_CODE = 'EIDENTITYDEADLINE';

/** Network and server faults, as opposed to an answer (a cookie Firebase looked at and refused). */
export function isServiceFailure(error: unknown): boolean {
  if (error instanceof IdentityUnavailableError) return true;
  const code = (error as {code?: unknown} | null)?.code;
  return typeof code === 'string' && (code.startsWith('app/') || code === 'auth/internal-error' || code === DEADLINE_CODE);
}

/**
 * An HTTP agent for firebase-admin whose sockets end when the service is silent for `deadlineMs`.
 * The admin SDK sets no timeout of its own and retries for minutes; an error code it does not
 * retry on makes a hung call end here, once.
 */
export function deadlineAgent(deadlineMs: number, {secure}: {secure: boolean}): http.Agent {
  const Base = secure ? https.Agent : http.Agent;
  class DeadlineAgent extends Base {
    createConnection(...args: Parameters<http.Agent['createConnection']>): Socket {
      const socket = super.createConnection(...args) as Socket;
      socket.setTimeout(deadlineMs, () => {
        socket.destroy(Object.assign(new Error(`the identity service sent nothing for ${deadlineMs} ms`), {code: DEADLINE_CODE}));
      });
      return socket;
    }
  }
  return new DeadlineAgent({keepAlive: true});
}

export interface IdentityLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

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

  constructor(
    private readonly deadlineMs: number,
    private readonly log: IdentityLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** The call's result; an answer that is an error (user not found) still counts as an answer. */
  async call<T>(work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new IdentityUnavailableError(new Error(`no answer within ${this.deadlineMs} ms`))), this.deadlineMs);
    });
    try {
      const result = await Promise.race([work(), deadline]);
      this.answered();
      return result;
    } catch (error) {
      if (!isServiceFailure(error)) {
        this.answered();
        throw error;
      }
      const failure = error instanceof IdentityUnavailableError ? error : new IdentityUnavailableError(error);
      this.failed(failure);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  status(): IdentityStatus {
    return {reachable: this.outageSince === null, lastAnswerAt: this.lastAnswerAt, outageSince: this.outageSince};
  }

  private answered(): void {
    this.lastAnswerAt = this.now();
    if (this.outageSince === null) return;
    const seconds = Math.round((this.lastAnswerAt - this.outageSince) / 1000);
    this.log.info({event: 'identity-outage-ended', outageSeconds: seconds}, 'The identity service answers again');
    this.outageSince = null;
  }

  private failed(error: IdentityUnavailableError): void {
    if (this.outageSince !== null) return;
    this.outageSince = this.now();
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    const code = (error.cause as {code?: unknown} | undefined)?.code;
    this.log.warn({event: 'identity-outage-began', cause, code}, 'The identity service cannot be reached');
  }
}
