import {describe, expect, it} from 'vitest';
import {takeToken, type Bucket, type RateDecision} from '../../server/rules/rateLimit';

describe('takeToken (10 a minute: one every 6 s once the first 10 are spent)', () => {
  it.each<[string, Bucket | undefined, number, RateDecision]>([
    ['a new key', undefined, 1000, {allowed: true, bucket: {tokens: 9, at: 1000}}],
    ['the last token', {tokens: 1, at: 0}, 0, {allowed: true, bucket: {tokens: 0, at: 0}}],
    ['none left', {tokens: 0, at: 0}, 0, {allowed: false, bucket: {tokens: 0, at: 0}, retryAfterMs: 6000}],
    ['half a token back', {tokens: 0, at: 0}, 3000, {allowed: false, bucket: {tokens: 0.5, at: 3000}, retryAfterMs: 3000}],
    ['one token back', {tokens: 0, at: 0}, 6000, {allowed: true, bucket: {tokens: 0, at: 6000}}],
    ['never more than 10', {tokens: 0, at: 0}, 3_600_000, {allowed: true, bucket: {tokens: 9, at: 3_600_000}}],
  ])('%s', (_name, bucket, now, expected) => {
    expect(takeToken(bucket, now, 10)).toEqual(expected);
  });
});
