/**
 * How often one client or one account may ask for something costly (a new session, a sign-in link's
 * preparation): a token bucket, pure, apart from the store that keeps the buckets (services/rateLimiter.ts).
 */

/** A key's allowance: tokens left, as of `at` (ms). */
export interface Bucket {
  tokens: number;
  at: number;
}

export type RateDecision = {allowed: true; bucket: Bucket} | {allowed: false; bucket: Bucket; retryAfterMs: number};

const MINUTE_MS = 60_000;

/**
 * Takes one token from `bucket` (a new key starts full): `perMinute` requests at once, then one every
 * minute / `perMinute` as the bucket fills again.
 */
export function takeToken(bucket: Bucket | undefined, now: number, perMinute: number): RateDecision {
  const msPerToken = MINUTE_MS / perMinute;
  const refilled = bucket === undefined ? perMinute : Math.min(perMinute, bucket.tokens + (now - bucket.at) / msPerToken);
  if (refilled >= 1) return {allowed: true, bucket: {tokens: refilled - 1, at: now}};
  return {allowed: false, bucket: {tokens: refilled, at: now}, retryAfterMs: Math.ceil((1 - refilled) * msPerToken)};
}
