/**
 * When a verified session is checked with Firebase again (rules/sessionRecheck.ts), on times given
 * in ms: a cached answer never outlives the re-check period, a session in use is checked in the
 * background at a time of its own within the window, an idle one not at all.
 */
import {describe, expect, it} from 'vitest';
import {answerUsable, refreshDue, refreshDueAt, refreshTime, sweepGapMs, type CheckedSession} from '../../server/rules/sessionRecheck';

const PERIOD = 60_000;
/** Checked at 0, the cookie good for an hour, used at 10 s, its background check from 40 s. */
const session = (overrides: Partial<CheckedSession> = {}): CheckedSession => ({
  checkedAt: 0,
  expiresAt: 3_600_000,
  usedAt: 10_000,
  refreshAt: 40_000,
  ...overrides,
});

describe('answerUsable', () => {
  it.each<[string, Partial<CheckedSession>, number, boolean]>([
    ['just checked', {}, 0, true],
    ['the last ms of the period', {}, PERIOD - 1, true],
    ['the period over', {}, PERIOD, false],
    ['long past the period', {}, 10 * PERIOD, false],
    ['the cookie expired within the period', {expiresAt: 30_000}, 30_000, false],
    // A clock that went back: the answer's age is unknown, so it is checked again.
    ['checked "in the future"', {checkedAt: 5_000}, 0, false],
  ])('%s', (_name, overrides, now, expected) => {
    expect(answerUsable(session(overrides), now, PERIOD)).toBe(expected);
  });

  it('never gives an answer with a period of 0 (checked at every request)', () => {
    expect(answerUsable(session(), 0, 0)).toBe(false);
  });
});

describe('refreshTime', () => {
  it.each<[number, number]>([
    [0, 30_000],
    [0.5, 40_500],
    [0.999_999, 50_999],
    // Out of range, held to the window.
    [-1, 30_000],
    [2, 51_000],
  ])('jitter %s: from %s ms after the check', (jitter, expected) => {
    expect(refreshTime(0, PERIOD, jitter)).toBe(expected);
  });

  it('spreads sessions checked together over the window, each ending before the period does', () => {
    const times = Array.from({length: 100}, (_, i) => refreshTime(1_000, PERIOD, i / 100));
    expect(new Set(times).size).toBe(100);
    expect(Math.min(...times)).toBe(1_000 + PERIOD / 2);
    expect(Math.max(...times)).toBeLessThan(1_000 + PERIOD * 0.85);
  });
});

describe('refreshDue', () => {
  it.each<[string, Partial<CheckedSession>, number, boolean]>([
    ['before its time', {}, 39_999, false],
    ['at its time', {}, 40_000, true],
    ['late in the period', {}, PERIOD - 1, true],
    // Past the period the request waits for the check instead.
    ['the period over', {}, PERIOD, false],
    ['not used since its check (idle)', {usedAt: 0, checkedAt: 1}, 45_000, false],
    ['used at the moment of its check', {usedAt: 0}, 45_000, true],
    ['the cookie expired', {expiresAt: 41_000}, 41_000, false],
  ])('%s', (_name, overrides, now, expected) => {
    expect(refreshDue(session(overrides), now, PERIOD)).toBe(expected);
  });
});

describe('refreshDueAt', () => {
  it.each<[string, Partial<CheckedSession>, number | null]>([
    ['a session in use', {}, 40_000],
    ['an idle one', {usedAt: 0, checkedAt: 1}, null],
    ['one whose cookie expires first', {expiresAt: 40_000}, null],
    ['one whose time is past the period', {refreshAt: PERIOD}, null],
  ])('%s', (_name, overrides, expected) => {
    expect(refreshDueAt(session(overrides), PERIOD)).toBe(expected);
  });
});

describe('sweepGapMs', () => {
  it.each<[number, number]>([
    [0, 0],
    [1_000, 20],
    [60_000, 250],
    [3_600_000, 250],
  ])('period %s ms: %s ms', (period, expected) => {
    expect(sweepGapMs(period)).toBe(expected);
  });
});
