import type {GlobalDoc, GlobalVersion} from '@docusaurus/plugin-content-docs/client';
import {describe, expect, it} from 'vitest';
import {sameDocTarget, withPageState} from '../../src/versions/versionTarget';

const doc = (id: string, path: string, alsoIn?: string[]): GlobalDoc & {alsoIn?: string[]} => ({
  id,
  path,
  sidebar: 'tutorial',
  ...(alsoIn ? {alsoIn} : {}),
});
const version = (name: string, path: string, docs: GlobalDoc[]): GlobalVersion =>
  ({name, label: name, isLast: name === '2.0', path, mainDocId: docs[0]!.id, docs, draftIds: [], sidebars: {}}) as GlobalVersion;

const intro1 = doc('intro', '/1.0/intro');
const create1 = doc('create-a-document', '/1.0/create-a-document');
const create2 = doc('create-a-document', '/create-a-document', ['1.0']);
const onlyIn2 = doc('reusable1', '/reusable1');
const private2 = doc('team-handbook', '/team-handbook');
const v1 = version('1.0', '/1.0', [intro1, create1]);
const v2 = version('2.0', '/', [create2, onlyIn2, private2]);

describe('the version menu: where each version leads, and what of the page goes along', () => {
  it.each([
    ['the same page in the other version: query and anchor too', v1, create2, create1, '/1.0/create-a-document?tab=npm#front-matter'],
    ['the page shown, in its own version', v2, create2, undefined, '/create-a-document?tab=npm#front-matter'],
    ['a page the other version lacks: its first page, bare', v1, onlyIn2, undefined, '/1.0/intro'],
    // Not every reader of this page may open its counterpart: the first page, the same for them all.
    ['a counterpart some readers of the page may not open: its first page, bare', v1, private2, create1, '/1.0/intro'],
    ['not a doc (the home page, the search page): the version’s first page, bare', v1, undefined, undefined, '/1.0/intro'],
  ])('%s', (_case, target, active, alternate, expected) => {
    expect(withPageState(sameDocTarget(target, active, alternate), '?tab=npm', '#front-matter')).toBe(expected);
  });
});
