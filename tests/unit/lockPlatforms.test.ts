import {describe, expect, it} from 'vitest';
import {platformOf} from '../../scripts/platformOf';

describe('platformOf: the platform a package is built for, from its name', () => {
  it.each([
    ['@rspack/binding-linux-x64-gnu', {os: ['linux'], cpu: ['x64'], libc: ['glibc']}],
    ['@rspack/binding-linux-arm64-musl', {os: ['linux'], cpu: ['arm64'], libc: ['musl']}],
    ['@swc/core-darwin-arm64', {os: ['darwin'], cpu: ['arm64']}],
    ['@swc/core-win32-x64-msvc', {os: ['win32'], cpu: ['x64']}],
    ['@pagefind/windows-x64', {os: ['win32'], cpu: ['x64']}],
    ['@pagefind/freebsd-x64', {os: ['freebsd'], cpu: ['x64']}],
    ['lodash', null],
  ])('%s → %j', (name, platform) => {
    expect(platformOf(name)).toEqual(platform);
  });
});
