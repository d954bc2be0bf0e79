import {describe, expect, it} from 'vitest';
import {isSlowConnection} from '../../src/search/warmUp';

describe('isSlowConnection', () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{effectiveType: '4g'}, false],
    [{effectiveType: '3g'}, false],
    [{effectiveType: '2g'}, true],
    [{effectiveType: 'slow-2g'}, true],
    [{saveData: true, effectiveType: '4g'}, true],
  ])('%j → %s', (connection, expected) => {
    expect(isSlowConnection(connection)).toBe(expected);
  });
});
