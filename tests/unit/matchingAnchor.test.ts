import {describe, expect, it} from 'vitest';
import {fragmentOf, matchingAnchor} from '../../contracts/anchors';

const IDS = ['compilevalidationschema', 'FST_ERR_X', 'reply', 'reply-1'];

describe('matchingAnchor', () => {
  it.each([
    {fragment: 'compileValidationSchema', expected: 'compilevalidationschema', why: 'differs in case only'},
    {fragment: 'fst_err_x', expected: 'FST_ERR_X', why: 'an HTML id written in capitals'},
    {fragment: 'reply', expected: undefined, why: 'an exact match is the browser’s own'},
    {fragment: 'redirectdest--code', expected: undefined, why: 'no id is like it'},
    {fragment: '', expected: undefined, why: 'no fragment'},
  ])('$fragment → $expected ($why)', ({fragment, expected}) => {
    expect(matchingAnchor(IDS, fragment)).toBe(expected);
  });
});

describe('fragmentOf', () => {
  it.each([
    {hash: '#compileValidationSchema', expected: 'compileValidationSchema'},
    {hash: '#caf%C3%A9', expected: 'café'},
    {hash: '#%E0%A4%A', expected: ''},
    {hash: '', expected: ''},
  ])('$hash → $expected', ({hash, expected}) => {
    expect(fragmentOf(hash)).toBe(expected);
  });
});
