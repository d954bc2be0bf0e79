import {describe, expect, it} from 'vitest';
import {versionsOf, type VersionSettings} from '../../contracts/siteVersions';

describe('versionsOf: the versions with the labels and paths version-settings.json gives them', () => {
  it.each<[string, readonly string[], VersionSettings, {name: string; route: string; label: string}[]]>([
    [
      'no settings: the current docs at the root, each frozen version at its name',
      ['2.0', '1.0'],
      {},
      [
        {name: 'current', route: '', label: 'Next'},
        {name: '2.0', route: '2.0', label: '2.0'},
        {name: '1.0', route: '1.0', label: '1.0'},
      ],
    ],
    [
      'a label only',
      ['1.0'],
      {'1.0': {label: '1.x'}},
      [
        {name: 'current', route: '', label: 'Next'},
        {name: '1.0', route: '1.0', label: '1.x'},
      ],
    ],
    [
      'a path only',
      ['1.0'],
      {'1.0': {path: 'v1'}},
      [
        {name: 'current', route: '', label: 'Next'},
        {name: '1.0', route: 'v1', label: '1.0'},
      ],
    ],
    [
      'both, for one of two',
      ['2.0', '1.0'],
      {'1.0': {label: '1.x (LTS)', path: 'legacy/v1'}},
      [
        {name: 'current', route: '', label: 'Next'},
        {name: '2.0', route: '2.0', label: '2.0'},
        {name: '1.0', route: 'legacy/v1', label: '1.x (LTS)'},
      ],
    ],
    [
      'the current docs where a Docusaurus site keeps them, a frozen version below them, another where it was',
      ['2.0', '1.0'],
      {current: {path: 'docs'}, '2.0': {path: 'docs/2.0'}},
      [
        {name: 'current', route: 'docs', label: 'Next'},
        {name: '2.0', route: 'docs/2.0', label: '2.0'},
        {name: '1.0', route: '1.0', label: '1.0'},
      ],
    ],
  ])('%s', (_case, names, settings, expected) => {
    expect(versionsOf('Next', names, settings).map(({name, route, label}) => ({name, route, label}))).toEqual(expected);
  });

  it.each<[string, readonly string[], VersionSettings, RegExp]>([
    ['a version versions.json does not have', ['1.0'], {'0.9': {path: 'old'}}, /0\.9 is not a version of versions\.json/],
    ['a path with a slash at its start', ['1.0'], {'1.0': {path: '/v1'}}, /the path of 1\.0 must be a path below the site's root/],
    ['a path that climbs', ['1.0'], {'1.0': {path: 'docs/..'}}, /the path of 1\.0/],
    ['an empty path', ['1.0'], {'1.0': {path: ''}}, /the path of 1\.0/],
    ['a path with a space', ['1.0'], {'1.0': {path: 'v 1'}}, /the path of 1\.0/],
    ['an empty label', ['1.0'], {'1.0': {label: ' '}}, /the label of 1\.0 must be text/],
    ['two versions at one path', ['2.0', '1.0'], {'1.0': {path: '2.0'}}, /two versions have the path "2\.0"/],
    [
      "a frozen version at the current docs' path",
      ['1.0'],
      {current: {path: 'docs'}, '1.0': {path: 'docs'}},
      /two versions have the path "docs"/,
    ],
    [
      'a path for the current docs that climbs',
      ['1.0'],
      {current: {path: '..'}},
      /the path of current must be a path below the site's root/,
    ],
    ['the current docs where the gate answers', ['1.0'], {current: {path: 'api/docs'}}, /the path of current cannot start with "api"/],
    ['a version on the search page', ['1.0'], {'1.0': {path: 'search'}}, /the path of 1\.0 cannot start with "search"/],
    ['a version among the built bundles', ['1.0'], {'1.0': {path: 'assets/v1'}}, /the path of 1\.0 cannot start with "assets"/],
    ['a version under the login page', ['1.0'], {'1.0': {path: 'login'}}, /the path of 1\.0 cannot start with "login"/],
    [
      'a setting that is not an object',
      ['1.0'],
      {current: 'docs'} as unknown as VersionSettings,
      /the setting of current must be an object/,
    ],
    [
      'a label for the current docs',
      ['1.0'],
      {current: {label: 'Next'}},
      /the label of the current docs is the one current-version\.json gives/,
    ],
  ])('refuses %s, naming version-settings.json', (_case, names, settings, message) => {
    expect(() => versionsOf('Next', names, settings)).toThrow(message);
    expect(() => versionsOf('Next', names, settings)).toThrow(/^version-settings\.json: /);
  });
});
