/**
 * Sign-outs that must reach every gate instance, written where all of them look: the account in
 * Firebase. A plain sign-out adds its sign-in to the account's signed-out list (a custom claim);
 * "everywhere" revokes every sign-in. Two things make this harder than one write:
 * - custom claims have no compare-and-set, so two instances writing the list at once can each
 *   drop the other's entry. Every writer reads the list again once any write that raced it must
 *   have landed, and puts its entry back if it is gone (`settleMs` after its own write);
 * - Firebase may not answer. What it could not take is kept and tried again until it does.
 */
import type {FastifyBaseLogger} from 'fastify';
import type {Auth} from 'firebase-admin/auth';
import {claimsWithoutSignedOut, claimsWithSignedOut, isRevoked, isSignedOut, type AccountState, type SignIn} from '../rules/sessionRules';
import {aWholeSecondLater, sleep, type Clock, type Timer} from './clock';
import {firebaseErrorCode, USER_NOT_FOUND} from './firebaseAuth';
import {isServiceFailure, type IdentityService} from './identity';

/** What a sign-out ended: the one sign-in, or every sign-in of the reader. */
export type SignOutScope = 'session' | 'everywhere';

export interface SignOutLedgerOptions {
  identity: IdentityService;
  /** The account's state now, or null when it no longer exists. */
  accountOf: (uid: string) => Promise<AccountState | null>;
  /** After the reader's sessions were revoked: forget what this instance trusted of them. */
  onRevoked: (uid: string) => void;
  /** Longer than any write of another instance may take from its read of the list (two identity calls). */
  settleMs: number;
  /** How often work Firebase could not take is tried again. */
  retryMs: number;
  /** The oldest sign-in the gate starts a session from (SIGN_IN_MAX_AGE_DAYS). */
  signInMaxAgeMs: number;
  log: FastifyBaseLogger;
  /** Times the list's entries, the read-back, the retries and the wait of a whole second before a revocation. */
  clock: Clock;
}

/**
 * How long after its write a sign-out reads the signed-out list back: a racing instance's read and
 * write of the list each end within one identity deadline.
 */
export function signOutSettleMs(identityTimeoutMs: number): number {
  return 2 * identityTimeoutMs + 500;
}

/**
 * The longest a closing ledger may take (`close`): a read-back falls due up to `signOutSettleMs` from
 * now, then makes its calls: the account's read, and at worst a revocation of every sign-in (a whole
 * second, then three calls). A stopping gate is not forced out before it.
 */
export function signOutCloseMs(identityTimeoutMs: number): number {
  return signOutSettleMs(identityTimeoutMs) + 4 * identityTimeoutMs + 1000;
}

/** Times the ledger reads the list back and rewrites a lost entry before it gives up and revokes. */
const MAX_REWRITES = 5;
/** Sign-outs waiting for Firebase on one instance; past this the oldest is dropped, with a log line. */
const MAX_WAITING = 10_000;

/** A read-back of the signed-out list that is due: its timer, and what it runs. */
interface ReadBack {
  timer: Timer;
  dueAt: number;
  run: () => Promise<void>;
}

export class SignOutLedger {
  /** Work on one account runs one at a time on this instance. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly waiting: (() => Promise<void>)[] = [];
  private readonly readBacks = new Set<ReadBack>();
  private retryTimer: Timer | null = null;
  private closed = false;

  constructor(
    private readonly auth: Auth,
    private readonly options: SignOutLedgerOptions,
  ) {}

  /** Ends `signIn` (or, `everywhere`, every sign-in of the reader); throws when Firebase cannot be reached. */
  end(signIn: SignIn, everywhere: boolean): Promise<SignOutScope> {
    return this.serially(signIn.uid, async () => {
      if (everywhere) {
        await this.revokeAll(signIn.uid);
        return 'everywhere';
      }
      return this.addToList(signIn);
    });
  }

  /** Keeps `work` until Firebase answers again; it runs at every retry until it no longer fails for want of Firebase. */
  retryLater(work: () => Promise<void>): void {
    if (this.waiting.length >= MAX_WAITING) {
      this.waiting.shift();
      this.options.log.warn({waiting: MAX_WAITING}, 'Too many sign-outs wait for the identity service: the oldest was dropped');
    }
    this.waiting.push(work);
    this.scheduleRetry();
  }

  /**
   * At shutdown, the read-backs still due run at their time (a racing write that dropped an entry may
   * still be landing until then), so that an entry lost to it is written again before the instance goes.
   * What cannot be done (Firebase unreachable) is lost with the instance: the log says how many.
   */
  async close(): Promise<void> {
    this.closed = true;
    const {clock} = this.options;
    if (this.retryTimer) clock.clearTimeout(this.retryTimer);
    const due = [...this.readBacks];
    this.readBacks.clear();
    if (due.length > 0) {
      // Said before the wait: an instance killed from outside before "stopped" loses them, and the log shows it.
      const lastDueInMs = Math.max(0, ...due.map(({dueAt}) => dueAt - clock.now()));
      this.options.log.info({event: 'sign-outs-reading-back', count: due.length, lastDueInMs}, 'Reading back sign-outs before stopping');
    }
    const results = await Promise.allSettled(
      due.map(async ({timer, dueAt, run}) => {
        clock.clearTimeout(timer);
        const wait = dueAt - clock.now();
        if (wait > 0) await sleep(clock, wait);
        await run();
      }),
    );
    const lost = this.waiting.length + results.filter((result) => result.status === 'rejected').length;
    if (lost > 0) {
      this.options.log.warn({waiting: lost}, 'Sign-outs still waiting for the identity service are lost with this instance');
    }
  }

  private serially<T>(uid: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(uid) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    const tail = next.catch(() => undefined);
    this.queues.set(uid, tail);
    void tail.then(() => {
      if (this.queues.get(uid) === tail) this.queues.delete(uid);
    });
    return next;
  }

  private async addToList(signIn: SignIn, rewrites = 0): Promise<SignOutScope> {
    const state = await this.options.accountOf(signIn.uid);
    // A deleted account's cookies fail every re-check; a revoked sign-in is over already.
    if (state === null || isRevoked(state, signIn.authTimeSeconds)) return 'session';
    if (rewrites > 0 && isSignedOut(state.customClaims, signIn.signInId)) return 'session';
    const nowSeconds = Math.floor(this.options.clock.now() / 1000);
    const claims = claimsWithSignedOut(state.customClaims, signIn.signInId, this.keepUntil(signIn), nowSeconds);
    if (claims === null || rewrites >= MAX_REWRITES) {
      this.options.log.warn(
        {uid: signIn.uid},
        claims === null
          ? "The reader's signed-out list is full: all their sessions were revoked instead"
          : "The reader's signed-out list kept losing an entry to concurrent writes: all their sessions were revoked instead",
      );
      await this.revokeAll(signIn.uid);
      return 'everywhere';
    }
    await this.options.identity.call(() => this.auth.setCustomUserClaims(signIn.uid, claims));
    this.confirmLater(signIn, rewrites + 1);
    return 'session';
  }

  /**
   * Until when the list names a signed-out sign-in: while its cookie lives, and while the gate would
   * start a new session from an ID token of that sign-in (the browser it was made in, or a copy of its
   * refresh token, can mint fresh ones long after the cookie expired).
   */
  private keepUntil(signIn: SignIn): number {
    return Math.max(signIn.expiresAtSeconds, signIn.authTimeSeconds + Math.ceil(this.options.signInMaxAgeMs / 1000));
  }

  /**
   * Reads the list back once a racing write must have landed; a lost entry is written again. During
   * shutdown (`close`), a read-back found due runs before the instance goes, and rewrites no further.
   */
  private confirmLater(signIn: SignIn, rewrites: number): void {
    if (this.closed) return;
    const {clock, settleMs} = this.options;
    const run = async () => void (await this.serially(signIn.uid, () => this.addToList(signIn, rewrites)));
    const readBack: ReadBack = {
      dueAt: clock.now() + settleMs,
      run,
      timer: clock.setTimeout(() => {
        this.readBacks.delete(readBack);
        run().catch((error: unknown) => {
          if (isServiceFailure(error)) this.retryLater(run);
          else this.failed(error, signIn.uid);
        });
      }, settleMs),
    };
    readBack.timer.unref();
    this.readBacks.add(readBack);
  }

  /**
   * Firebase compares `auth_time` with the revocation time in whole seconds, so a session started
   * earlier in the same second would survive a revocation made now. Revoking a whole second later
   * ends it too; the reader waits a second. The signed-out list is then emptied:
   * every sign-in it named is revoked, and a full list would otherwise turn each later sign-out
   * into another "everywhere".
   */
  private async revokeAll(uid: string): Promise<void> {
    await aWholeSecondLater(this.options.clock);
    try {
      await this.options.identity.call(() => this.auth.revokeRefreshTokens(uid));
    } catch (error) {
      // A deleted account has no sessions left to revoke: its cookies fail every re-check.
      if (firebaseErrorCode(error) === USER_NOT_FOUND) return;
      throw error;
    }
    this.options.onRevoked(uid);
    const state = await this.options.accountOf(uid);
    if (state !== null) {
      await this.options.identity.call(() => this.auth.setCustomUserClaims(uid, claimsWithoutSignedOut(state.customClaims)));
    }
  }

  private failed(error: unknown, uid: string | null): void {
    this.options.log.warn({uid, err: error}, 'A sign-out could not be recorded in Firebase');
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = this.options.clock.setTimeout(() => {
      this.retryTimer = null;
      void this.retryWaiting();
    }, this.options.retryMs);
    this.retryTimer.unref();
  }

  private async retryWaiting(): Promise<void> {
    const batch = this.waiting.splice(0);
    for (const [index, work] of batch.entries()) {
      try {
        await work();
      } catch (error) {
        if (!isServiceFailure(error)) {
          this.failed(error, null);
          continue;
        }
        // Still unreachable: keep the rest in order, and try again later.
        this.waiting.unshift(...batch.slice(index));
        break;
      }
    }
    if (this.waiting.length > 0) this.scheduleRetry();
  }
}
