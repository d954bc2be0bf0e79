/**
 * The gate's time: the hour, and the timers that wait on it. Every service takes one, so that a
 * test can run them on a clock of its own; `systemClock` is the real one.
 */

/** A timer a clock set. */
export interface Timer {
  /** Lets the process exit while the timer waits. */
  unref(): unknown;
}

export interface Clock {
  /** Milliseconds since the epoch, as Date.now counts them. */
  now(): number;
  /** Calls `callback` once, `ms` from now. */
  setTimeout(callback: () => void, ms: number): Timer;
  clearTimeout(timer: Timer): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  // Only this clock's timers reach here: they are Node's.
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/** Resolves `ms` from now, by `clock`'s timers. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => void clock.setTimeout(resolve, ms));
}

/**
 * Resolves once a whole second has passed on `clock`. Firebase stamps sign-ins (`auth_time`) and
 * revocations in whole seconds of its own clock, which need not turn over with ours: a revocation
 * made after this ends every sign-in Firebase stamped before the call, whatever either clock shows.
 * A timer can end early by as long as the event loop's turn had run when it was set (Node counts
 * from the turn's start), so the clock decides, not the timer.
 */
export async function aWholeSecondLater(clock: Clock): Promise<void> {
  const start = clock.now();
  while (clock.now() - start < 1000) await sleep(clock, 1000 - (clock.now() - start));
}
