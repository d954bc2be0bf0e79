import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {MarkerSyntax} from '../../contracts/audienceMarkers';
import {sharedBy, type Condition} from '../../contracts/audiences';
import {hidesInContent, IndexedPages} from '../../plugins/audiences/indexedPages';

const MARKERS = new MarkerSyntax('k3yk3y');
const piece = (condition: string, text: string) => `${MARKERS.html('begin', condition)}<li>${text}</li>${MARKERS.html('end')}`;
const page = (article: string, aside = '') =>
  `<html><body><aside><ul>${aside}</ul></aside><article><ul>${article}</ul></article></body></html>`;

describe('what all readers of a page share', () => {
  it.each<[string, Condition, Condition, boolean]>([
    ['a piece for partners in a page for partners or staff', ['partners', 'staff'], ['partners'], false],
    ['a piece for partners or staff in a page for partners or staff', ['partners', 'staff'], ['partners', 'staff'], true],
    ['a piece for partners, staff or beta in a page for partners or staff', ['partners', 'staff'], ['beta', 'partners', 'staff'], true],
    ['a piece for partners in a page for partners', ['partners'], ['partners'], true],
    ['a piece for staff in a page for every reader', '*', ['staff'], false],
    ['a piece for every reader in a public page', 'public', '*', false],
    ['a public piece in a page for staff', ['staff'], 'public', true],
  ])('%s: shared %s', (_case, readers, piece, shared) => expect(sharedBy(readers)(piece)).toBe(shared));
});

describe('the pages the search index reads cut', () => {
  const template = (html: string) => MARKERS.templateOf(html, {commas: false})!;

  it.each<[string, string, boolean]>([
    ['a piece not all readers see, in the content', page(piece('partners', 'Partner onboarding')), true],
    ['only in the sidebar, which the index does not read', page('<li>Ordering</li>', piece('partners', 'Partner onboarding')), false],
    ['a piece all readers see', page(piece('partners+staff', 'Roadmap')), false],
  ])('%s: cut %s', (_case, html, cut) => {
    expect(hidesInContent(html, template(html), sharedBy(['partners', 'staff']))).toBe(cut);
  });

  const outDir = mkdtempSync(path.join(tmpdir(), 'indexed-pages-test-'));
  afterAll(() => rmSync(outDir, {recursive: true, force: true}));

  it('reads a page of partners and staff without what only partners see, and any other page as built', async () => {
    writeFileSync(path.join(outDir, 'roadmap.html'), page(piece('partners', 'Partner onboarding') + piece('partners+staff', 'Roadmap')));
    writeFileSync(path.join(outDir, 'intro.html'), page('<li>Ordering</li>', piece('partners', 'Partner onboarding')));
    const pages = await IndexedPages.of(
      outDir,
      new Map<string, Condition>([
        ['roadmap.html', ['partners', 'staff']],
        ['intro.html', '*'],
        ['assets/js/main.js', '*'],
      ]),
      MARKERS,
    );
    try {
      expect(pages.copyOf('intro.html')).toBeUndefined();
      const copy = readFileSync(pages.copyOf('roadmap.html')!, 'utf8');
      expect(copy).toContain('<li>Roadmap</li>');
      expect(copy).not.toContain('Partner onboarding');
    } finally {
      await pages.dispose();
    }
  });
});
