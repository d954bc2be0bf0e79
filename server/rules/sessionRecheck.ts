/**
 * When the gate asks Firebase about a verified session again: pure decisions over the times the
 * cache keeps, apart from the calls and timers that act on them. An answer never outlives the
 * re-check period; a session in use is checked again ahead of it, at a time of its own, so that
 * readers whose periods end together do not all wait for Firebase at once.
 */

/** What the cache knows of one verified session, in ms by the gate's clock. */
export interface CheckedSession {
  /** When Firebase last said the session is good. */
  checkedAt: number;
  /** The cookie's own expiry. */
  expiresAt: number;
  /** When a request last used the session (a request that waited for its check counts). */
  usedAt: number;
  /** From when it is checked again in the background (refreshTime). */
  refreshAt: number;
}

/**
 * The share of the re-check period within which a session's background check starts: late enough
 * that it costs Firebase no more than a check per period, early enough that it ends before the
 * period does (the identity call's deadline is a few seconds).
 */
export const REFRESH_WINDOW = {from: 0.5, to: 0.85} as const;

/** Whether a cached answer may still be given: younger than the re-check period, the cookie not expired. */
export function answerUsable(session: Pick<CheckedSession, 'checkedAt' | 'expiresAt'>, nowMs: number, periodMs: number): boolean {
  const age = nowMs - session.checkedAt;
  return nowMs < session.expiresAt && age >= 0 && age < periodMs;
}

/**
 * When a session checked at `checkedAt` is checked again in the background: spread over
 * REFRESH_WINDOW by `jitter` (a number in [0, 1)), so that sessions checked together are not.
 */
export function refreshTime(checkedAt: number, periodMs: number, jitter: number): number {
  const share = REFRESH_WINDOW.from + (REFRESH_WINDOW.to - REFRESH_WINDOW.from) * Math.min(Math.max(jitter, 0), 1);
  return checkedAt + Math.floor(periodMs * share);
}

/**
 * Whether a background check of the session is worth starting now: its time has come, a request
 * used it since its last check (an idle session waits for its check when next used, and costs
 * Firebase nothing until then), and its answer is still good (past the period a request waits).
 */
export function refreshDue(session: CheckedSession, nowMs: number, periodMs: number): boolean {
  return session.usedAt >= session.checkedAt && nowMs >= session.refreshAt && answerUsable(session, nowMs, periodMs);
}

/**
 * When the background check of a session would fall due, or null when it never will as things
 * stand (unused since its check, or its answer gone by then).
 */
export function refreshDueAt(session: CheckedSession, periodMs: number): number | null {
  if (session.usedAt < session.checkedAt) return null;
  return answerUsable(session, session.refreshAt, periodMs) ? session.refreshAt : null;
}

/**
 * The least time between two looks over the cache for due background checks: sessions falling due
 * close together are started by one look, and a look comes well within REFRESH_WINDOW's margin.
 */
export function sweepGapMs(periodMs: number): number {
  return Math.min(250, Math.floor(periodMs * 0.02));
}
