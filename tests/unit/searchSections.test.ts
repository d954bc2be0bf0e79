import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {searchSectionsFor, searchSectionsOf, sectionsIn} from '../../plugins/search/sections';

describe('searchSectionsOf', () => {
  it.each([
    [{route: '', label: '2.0'}, 'guides', 'Guides', {label: 'Guides (2.0)', path: 'guides'}],
    [{route: '1.0', label: '1.0'}, 'tutorial-basics', 'Tutorial - Basics', {label: 'Tutorial - Basics (1.0)', path: '1.0/tutorial-basics'}],
    [{route: 'next', label: 'Next'}, 'api', 'api', {label: 'api (Next)', path: 'next/api'}],
  ])('%j, folder %s labelled %s → %j', (version, folder, label, expected) => {
    expect(searchSectionsOf(version, [{folder, label}])).toEqual([expected]);
  });
});

describe('sectionsIn and searchSectionsFor, on a docs tree', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'search-contexts-'));
  const write = (file: string, text = '# Page\n') => {
    mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    writeFileSync(path.join(site, file), text);
  };
  write('docs/intro.md');
  write('docs/guides/_category_.json', JSON.stringify({label: 'Guides'}));
  write('docs/guides/deep/first.md');
  write('docs/api/endpoints.mdx');
  write('docs/img/diagram.svg', '<svg/>');
  write('docs/_partials/note.md');
  write('versioned_docs/version-1.0/basics/_category_.json', JSON.stringify({label: 'Basics', position: 1}));
  write('versioned_docs/version-1.0/basics/start.md');
  afterAll(() => rmSync(site, {recursive: true, force: true}));

  it('takes top-level folders with docs in them, labelled as the sidebar labels them', () => {
    expect(sectionsIn(path.join(site, 'docs'))).toEqual([
      {folder: 'api', label: 'api'},
      {folder: 'guides', label: 'Guides'},
    ]);
  });

  it('gives every version its own contexts under its own path', () => {
    expect(
      searchSectionsFor(site, [
        {docsDir: 'docs', route: '', label: '2.0'},
        {docsDir: 'versioned_docs/version-1.0', route: '1.0', label: '1.0'},
      ]),
    ).toEqual([
      {label: 'api (2.0)', path: 'api'},
      {label: 'Guides (2.0)', path: 'guides'},
      {label: 'Basics (1.0)', path: '1.0/basics'},
    ]);
  });
});
