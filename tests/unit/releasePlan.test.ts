import {describe, expect, it} from 'vitest';
import type {VersionFiles, VersionSettings} from '../../contracts/siteVersions';
import {releasePlan} from '../../scripts/releasePlan';

/** The site's version files as readVersionFiles reads them: current-version.json's label, versions.json, version-settings.json. */
const site = (currentLabel: string, frozenNames: string[], settings: VersionSettings = {}): {files: VersionFiles} => ({
  files: {currentLabel, frozenNames, settings},
});

describe('releasePlan: what npm run release-version does, decided before anything changes', () => {
  it.each([
    {
      why: 'docs at the root freeze at their label, and version-settings.json is left alone',
      next: '3.0',
      ...site('2.0', ['1.0']),
      expected: {frozen: '2.0', frozenRoute: '2.0', currentRoute: ''},
    },
    {
      why: 'docs kept at /docs freeze below them, and the path is written for the frozen version',
      next: '3.0',
      ...site('2.0', ['1.0'], {current: {path: 'docs'}, '1.0': {path: 'legacy'}}),
      expected: {
        frozen: '2.0',
        frozenRoute: 'docs/2.0',
        currentRoute: 'docs',
        settings: {current: {path: 'docs'}, '1.0': {path: 'legacy'}, '2.0': {path: 'docs/2.0'}},
      },
    },
  ])('$why', ({next, files, expected}) => {
    expect(releasePlan(next, files)).toEqual(expected);
  });

  it.each([
    {why: 'no label', next: undefined, ...site('2.0', ['1.0']), message: 'give the next version label, such as 3.0'},
    {
      why: 'a label that is not a version number',
      next: 'next',
      ...site('2.0', ['1.0']),
      message: 'give the next version label, such as 3.0',
    },
    {why: 'the current label', next: '2.0', ...site('2.0', ['1.0']), message: 'version 2.0 exists already'},
    {why: 'a frozen version', next: '1.0', ...site('2.0', ['1.0']), message: 'version 1.0 exists already'},
    {why: 'current docs whose label is frozen already', next: '3.0', ...site('1.0', ['1.0']), message: 'version 1.0 is frozen already'},
    {
      why: 'a frozen version already served where the current docs would freeze',
      next: '3.0',
      ...site('2.0', ['1.0'], {'1.0': {path: '2.0'}}),
      message: '2.0 cannot be frozen at /2.0: version-settings.json: two versions have the path "2.0"',
    },
    {
      why: 'docs kept below the root, where a frozen version already has the path they would freeze at',
      next: '3.0',
      ...site('2.0', ['1.0'], {current: {path: 'docs'}, '1.0': {path: 'docs/2.0'}}),
      message: '2.0 cannot be frozen at /docs/2.0: version-settings.json: two versions have the path "docs/2.0"',
    },
  ])('refuses $why', ({next, files, message}) => {
    expect(() => releasePlan(next, files)).toThrow(message);
  });
});
