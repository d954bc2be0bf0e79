import {describe, expect, it} from 'vitest';
import {initialOf} from '../../src/chrome/AuthUserNavbarItem/initial';

describe("initialOf: the letter on the account's badge", () => {
  it.each([
    ['Demo Reader', 'D'],
    ['ana@acme.test', 'A'],
    ['  émile', 'É'],
    ['𝒜da', '𝒜'],
    ['', '?'],
  ])('%j → %j', (name, initial) => {
    expect(initialOf(name)).toBe(initial);
  });
});
