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
