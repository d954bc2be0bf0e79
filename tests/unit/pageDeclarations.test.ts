import {describe, expect, it} from 'vitest';
import {declaresReaders, pageDeclarations} from '../../plugins/audiences/declarations';

const FILE = 'docs/guide.md';

describe('pageDeclarations: what a page says of its readers, as the build and check:docs both read it', () => {
  it.each([
    ['nothing', '---\ntitle: Guide\n---\n', {title: 'Guide'}, {}],
    [
      'an audience, with its line',
      '---\ntitle: Guide\naudience: staff\n---\n',
      {audience: 'staff'},
      {audience: {value: 'staff', file: FILE, line: 3}},
    ],
    ['tags, with their line', '---\ntags: [setup]\n---\n', {tags: ['setup']}, {tagsLine: 2}],
    ['an empty list of tags: none', '---\ntags: []\n---\n', {tags: []}, {}],
    [
      'both',
      '---\naudience: [partners, staff]\ntags:\n  - setup\n---\n',
      {audience: ['partners', 'staff'], tags: ['setup']},
      {audience: {value: ['partners', 'staff'], file: FILE, line: 2}, tagsLine: 3},
    ],
  ])('%s', (_case, text, frontMatter, expected) => {
    expect(pageDeclarations(FILE, text, frontMatter)).toEqual(expected);
    expect(declaresReaders(frontMatter)).toBe(Object.keys(expected).length > 0);
  });
});
