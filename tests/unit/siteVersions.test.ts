import {describe, expect, it} from 'vitest';
import {frozenVersions, type VersionSettings} from '../../contracts/siteVersions';

describe('frozenVersions: the frozen versions with the labels and paths version-settings.json gives them', () => {
  it.each<[string, readonly string[], VersionSettings, {route: string; label: string}[]]>([
    [
      'no settings: each at its name',
      ['2.0', '1.0'],
      {},
      [
        {route: '2.0', label: '2.0'},
        {route: '1.0', label: '1.0'},
      ],
    ],
    ['a label only', ['1.0'], {'1.0': {label: '1.x'}}, [{route: '1.0', label: '1.x'}]],
    ['a path only', ['1.0'], {'1.0': {path: 'v1'}}, [{route: 'v1', label: '1.0'}]],
    [
      'both, for one of two',
      ['2.0', '1.0'],
      {'1.0': {label: '1.x (LTS)', path: 'legacy/v1'}},
      [
        {route: '2.0', label: '2.0'},
        {route: 'legacy/v1', label: '1.x (LTS)'},
      ],
    ],
  ])('%s', (_case, names, settings, expected) => {
    expect(frozenVersions(names, settings).map(({route, label}) => ({route, label}))).toEqual(expected);
  });

  it.each<[string, readonly string[], VersionSettings, RegExp]>([
    ['a version versions.json does not have', ['1.0'], {'0.9': {path: 'old'}}, /0\.9 is not a version of versions\.json/],
    ['a path with a slash at its start', ['1.0'], {'1.0': {path: '/v1'}}, /the path of 1\.0 must be a path below the site's root/],
    ['a path that climbs', ['1.0'], {'1.0': {path: 'docs/..'}}, /the path of 1\.0/],
    ['an empty path', ['1.0'], {'1.0': {path: ''}}, /the path of 1\.0/],
    ['a path with a space', ['1.0'], {'1.0': {path: 'v 1'}}, /the path of 1\.0/],
    ['an empty label', ['1.0'], {'1.0': {label: ' '}}, /the label of 1\.0 must be text/],
    ['two versions at one path', ['2.0', '1.0'], {'1.0': {path: '2.0'}}, /two versions have the path "2\.0"/],
  ])('refuses %s, naming version-settings.json', (_case, names, settings, message) => {
    expect(() => frozenVersions(names, settings)).toThrow(message);
    expect(() => frozenVersions(names, settings)).toThrow(/^version-settings\.json: /);
  });
});
