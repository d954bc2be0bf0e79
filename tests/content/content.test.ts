/** Checks every author's change must pass (broken links and anchors already fail the build). */
import {describe, expect, it} from 'vitest';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {builtDocPages, orphanedDocPages} from '../support/sidebars';
import {listBuildFiles} from '../../shared/buildLayout';
import {
  DocKind,
  isSearchIndex,
  MANIFEST_FILE,
  PARTS_DIR,
  type DocPart,
  type SearchManifest,
  type TermPart,
} from '../../shared/searchIndexFiles';
import {belowBase, isWithin} from '../../shared/searchSections';
import {siteVersions} from '../support/searchSections';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.join(ROOT, 'build/site');

function docFiles(): string[] {
  return ['docs', 'versioned_docs'].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), {recursive: true})
      .map(String)
      .filter((file) => /\.mdx?$/.test(file) && !path.basename(file).startsWith('_'))
      .map((file) => path.join(dir, file)),
  );
}

describe('every doc', () => {
  const files = docFiles();

  it('there are docs to check', () => {
    expect(files.length).toBeGreaterThanOrEqual(16);
  });

  it.each(files)('%s has a title and a description in its front matter', (file) => {
    const {data} = matter(readFileSync(path.join(ROOT, file), 'utf8'));
    expect(typeof data.title, 'title').toBe('string');
    expect(String(data.title).trim()).not.toBe('');
    expect(typeof data.description, 'description').toBe('string');
    expect(String(data.description).length).toBeGreaterThanOrEqual(20);
    expect(String(data.description).length).toBeLessThanOrEqual(160);
  });

  it.each(files)('%s gives every image alt text', (file) => {
    const {content} = matter(readFileSync(path.join(ROOT, file), 'utf8'));
    const withoutCode = content.replace(/```[\s\S]*?```/g, '').replace(/`[^`]*`/g, '');
    const markdownImages = [...withoutCode.matchAll(/!\[([^\]]*)\]\(/g)].map((match) => match[1]!.trim());
    expect(
      markdownImages.filter((alt) => alt === ''),
      'Markdown images without alt text',
    ).toEqual([]);
    const htmlImages = [...withoutCode.matchAll(/<img\b[^>]*>/gi)].map((match) => match[0]);
    expect(
      htmlImages.filter((tag) => !/\salt=["'{][^"'}]+/.test(tag)),
      '<img> without alt text',
    ).toEqual([]);
  });
});

describe('the built search indexes', () => {
  const files = listBuildFiles(BUILD);
  const versions = siteVersions(ROOT);
  const manifestFile = (route: string) => (route === '' ? MANIFEST_FILE : `${route}/${MANIFEST_FILE}`);
  const docPages = new Set(builtDocPages(BUILD).map((page) => page.url));
  const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(BUILD, file), 'utf8')) as T;
  const partFile = (name: string) => `${PARTS_DIR}/${name}.json`;
  /** A page's version: the one with the longest route that holds it ('' holds everything). */
  const versionOf = (url: string) =>
    versions
      .map((version) => version.route)
      .filter((route) => isWithin(belowBase('/', url) ?? '', route))
      .sort((a, b) => b.length - a.length)[0];

  it('hold a manifest per version and parts, and nothing of the plugin: no search-index.json, no outline, no section index', () => {
    const manifests = versions.map((version) => manifestFile(version.route));
    const parts = files.filter((file) => file.startsWith(`${PARTS_DIR}/`));
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.filter((file) => !/^assets\/search-index\/[0-9a-f]{16}\.json$/.test(file))).toEqual([]);
    expect(files.filter(isSearchIndex).sort()).toEqual([...manifests, ...parts].sort());
  });

  it('leave no part that no manifest names', () => {
    const named = new Set(
      versions.flatMap((version) => {
        const manifest = readJson<SearchManifest>(manifestFile(version.route));
        return [...manifest.termParts.names, ...manifest.docParts.names].map(partFile);
      }),
    );
    expect(files.filter((file) => file.startsWith(`${PARTS_DIR}/`) && !named.has(file))).toEqual([]);
  });

  describe.each(versions.map((version) => [version.label, version] as const))('of %s', (_label, version) => {
    const file = manifestFile(version.route);
    const manifest = readJson<SearchManifest>(file);

    it(`${file} names parts that exist, in order, covering every term and document`, () => {
      expect(manifest.format).toBe(1);
      const names = [...manifest.termParts.names, ...manifest.docParts.names];
      expect(names.filter((name) => !existsSync(path.join(BUILD, partFile(name))))).toEqual([]);

      expect(manifest.termParts.first[0]).toBe(0);
      let nextTerm = 0;
      manifest.termParts.names.forEach((name, position) => {
        const part = readJson<TermPart>(partFile(name));
        expect(part.first, name).toBe(manifest.termParts.first[position]);
        expect(part.first, name).toBe(nextTerm);
        nextTerm += part.postings.length;
      });
      expect(nextTerm).toBe(manifest.terms.length);

      let nextDoc = 0;
      manifest.docParts.names.forEach((name, position) => {
        const part = readJson<DocPart>(partFile(name));
        expect(part.first, name).toBe(manifest.docParts.first[position]);
        expect(part.first, name).toBe(nextDoc);
        nextDoc += part.docs.length;
      });
      expect(manifest.pages.first.every((first) => first < nextDoc)).toBe(true);
    });

    it(`${file} has its terms sorted and unique`, () => {
      expect(manifest.terms.length).toBeGreaterThan(100);
      expect(manifest.terms).toEqual([...new Set(manifest.terms)].sort());
    });

    it(`${file} indexes built doc pages of ${version.label} only, each once, each with a title`, () => {
      const {urls, first} = manifest.pages;
      expect(urls.length).toBeGreaterThan(0);
      expect(new Set(urls).size).toBe(urls.length);
      expect(urls.filter((url) => !docPages.has(url))).toEqual([]);
      expect(urls.filter((url) => versionOf(url) !== version.route)).toEqual([]);
      expect(first).toEqual([...first].sort((a, b) => a - b));
      const docs = manifest.docParts.names.flatMap((name) => readJson<DocPart>(partFile(name)).docs);
      // A page's documents start with its title, which a suggestion shows.
      const untitled = urls.filter((_url, page) => docs[first[page]!]?.k !== DocKind.Title || docs[first[page]!]!.t.trim() === '');
      expect(untitled).toEqual([]);
    });
  });
});

describe('the built sidebars', () => {
  it('reach every doc page that is not unlisted', () => {
    expect(builtDocPages(BUILD).length).toBeGreaterThanOrEqual(16);
    expect(orphanedDocPages(BUILD)).toEqual([]);
  });
});
