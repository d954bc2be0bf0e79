/** The buckets of rules/rateLimit.ts, one per key (a client's address, an account), kept in bounded memory. */
import {LRUCache} from 'lru-cache';
import {takeToken, type Bucket} from '../rules/rateLimit';
import type {Clock} from './clock';

/** Keys kept at once: past this, the least recently seen start afresh (a full bucket). */
const MAX_KEYS = 10_000;

export class RateLimiter {
  private readonly buckets = new LRUCache<string, Bucket>({max: MAX_KEYS});

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {}

  /** Null when `key` may go on; else how long it should wait, in ms. */
  take(key: string): number | null {
    const decision = takeToken(this.buckets.get(key), this.clock.now(), this.perMinute);
    this.buckets.set(key, decision.bucket);
    return decision.allowed ? null : decision.retryAfterMs;
  }
}
