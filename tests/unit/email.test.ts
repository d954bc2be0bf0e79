import {describe, expect, it} from 'vitest';
import {isEmailAddress, normaliseEmail} from '../../contracts/email';

describe('isEmailAddress', () => {
  it.each([
    ['ada@example.com', true],
    ['  Ada.Lovelace+docs@Example.CO.UK ', true],
    ['ada@localhost', false],
    ['ada@', false],
    ['@example.com', false],
    ['ada example@example.com', false],
    ['ada@@example.com', false],
    ['', false],
    ['ada@example.com,', false],
    ['ada@example.com;', false],
    ['ada@example.com\u0085', false],
    ['ada\u200b@example.com', false],
    ['<ada@example.com>', false],
    ['ada@exa_mple.com', false],
    ['ada@-example.com', false],
    ['ada@example..com', false],
    ['josé@exámple.com', true],
    ["o'brien+tag@sub.example.com", true],
  ])('%j → %s', (text, expected) => {
    expect(isEmailAddress(text)).toBe(expected);
  });
});

describe('normaliseEmail', () => {
  it('drops surrounding spaces and letter case', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
