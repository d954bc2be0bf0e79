import {describe, expect, it} from 'vitest';
import {compressionPlan, estimatedSeconds, isCompressible, isUpToDate, kindOf, worthKeeping} from '../../contracts/compression';

const KiB = 1024;
const MiB = 1024 * KiB;

describe('isCompressible', () => {
  it.each([
    ['index.html', true],
    ['assets/js/main.abc123.js', true],
    ['assets/css/styles.abc123.css', true],
    ['search-index.manifest.json', true],
    ['img/logo.svg', true],
    ['sitemap.xml', true],
    ['img/photo.png', false],
    ['assets/fonts/inter.woff2', false],
    ['index.html.br', false],
    ['assets/js/main.js.gz', false],
  ])('%s → %s', (file, compressible) => {
    expect(isCompressible(file)).toBe(compressible);
  });
});

describe('isUpToDate', () => {
  it.each([
    ['no copy yet', null, 1000, false],
    ['a copy written after the file', 1500, 1000, true],
    ['a copy written in the same millisecond', 1000, 1000, true],
    ['a copy older than the file (the page was rewritten since)', 900, 1000, false],
  ])('%s → %s', (_case, copyMs, fileMs, upToDate) => {
    expect(isUpToDate(copyMs, fileMs)).toBe(upToDate);
  });
});

describe('kindOf', () => {
  it.each([
    ['search-index.manifest.json', 'search-index'],
    ['1.0/search-index.manifest.json', 'search-index'],
    ['site\\1.0\\search-index.manifest.json', 'search-index'],
    ['assets/search-index/0123456789abcdef.json', 'search-index'],
    ['site\\assets\\search-index\\0123456789abcdef.json', 'search-index'],
    ['assets/search-index/nested/0123.json', 'other'],
    ['assets/js/main.abc123.js', 'other'],
    ['guides/search-index-notes.html', 'other'],
    ['my-search-index.json', 'other'],
  ])('%s → %s', (file, kind) => {
    expect(kindOf(file)).toBe(kind);
  });
});

describe('compressionPlan', () => {
  it.each([
    ['robots.txt', 1023, null],
    ['guides/page.html', 1 * KiB, {brotliQuality: 5, gzipLevel: 9}],
    ['guides/page.html', 36 * KiB, {brotliQuality: 5, gzipLevel: 9}],
    ['reference/server.html', 493 * KiB, {brotliQuality: 5, gzipLevel: 9}],
    ['reference/huge.html', 1.2 * MiB, {brotliQuality: 5, gzipLevel: 6}],
    ['assets/js/route-chunk.js', 64 * KiB - 1, {brotliQuality: 5, gzipLevel: 9}],
    ['assets/css/styles.css', 64 * KiB, {brotliQuality: 11, gzipLevel: 9}],
    ['assets/js/main.js', 1.6 * MiB, {brotliQuality: 11, gzipLevel: 6}],
    ['assets/js/huge.js', 4 * MiB, {brotliQuality: 9, gzipLevel: 6}],
    ['assets/search-index/0123456789abcdef.json', 30 * KiB, {brotliQuality: 9, gzipLevel: 9}],
    ['search-index.manifest.json', 1.7 * MiB, {brotliQuality: 9, gzipLevel: 6}],
    ['assets/search-index/fedcba9876543210.json', 900, null],
  ])('%s of %d bytes → %j', (file, bytes, plan) => {
    expect(compressionPlan(file, bytes)).toEqual(plan);
  });
});

describe('worthKeeping', () => {
  it.each([
    [10_000, 2_000, true],
    [10_000, 9_000, true],
    [10_000, 9_001, false],
    [10_000, 10_500, false],
  ])('%d bytes compressed to %d → %s', (original, compressed, keep) => {
    expect(worthKeeping(original, compressed)).toBe(keep);
  });
});

describe('estimatedSeconds', () => {
  it('ranks a quality-11 bundle above a much larger quality-5 file', () => {
    expect(estimatedSeconds(1.6e6, 'br', 11)).toBeGreaterThan(estimatedSeconds(16e6, 'br', 5));
  });
  it.each([
    [20e6, 'br', 5, 1],
    [4e6, 'br', 9, 1],
    [25e6, 'gzip', 9, 1],
  ] as const)('%d bytes, %s level %d → %d s', (bytes, coding, level, seconds) => {
    expect(estimatedSeconds(bytes, coding, level)).toBeCloseTo(seconds);
  });
});
