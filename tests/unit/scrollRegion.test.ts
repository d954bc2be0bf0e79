import {describe, expect, it} from 'vitest';
import {tableRegionLabel} from '../../src/chrome/ScrollRegion/label';

describe('tableRegionLabel', () => {
  it.each<[string, string[], string]>([
    ['no headings', [], 'Table'],
    ['empty headings', ['', '  '], 'Table'],
    ['one heading', ['Name'], 'Table: Name'],
    ['three headings', ['Name', 'Type', 'Default'], 'Table: Name, Type, Default'],
    ['more than three: the first three, and a mark that more follow', ['A', 'B', 'C', 'D'], 'Table: A, B, C, …'],
    ['whitespace inside a heading collapses', ['First\n   column'], 'Table: First column'],
    ['an empty first cell is skipped', ['', 'Light', 'Dark'], 'Table: Light, Dark'],
  ])('%s', (_name, headings, expected) => {
    expect(tableRegionLabel(headings)).toBe(expected);
  });
});
