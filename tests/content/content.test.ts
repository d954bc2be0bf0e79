/**
 * Checks every author's change must pass, whatever the docs (broken links and anchors: npm run
 * check:docs; titles and H1s: pages.test.ts).
 */
import {describe, expect, it} from 'vitest';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {builtDocPages, orphanedDocPages} from '../support/sidebars';
import {listBuildFiles} from '../../contracts/buildLayout';
import {isSearchIndex, PARTS_DIR} from '../../contracts/searchIndexFiles';
import {belowBase, isWithin} from '../../contracts/searchSections';
import {sectionSlug, sectionsIn} from '../../plugins/search/sections';
import {manifestFolderOf, readBuiltSearchIndexes, versionManifestFile} from '../../testkit/builtSearchIndex';
import {lunrRules} from '../../src/search/engine/lunrRules';
import {docsSourceFiles, siteVersions} from '../../contracts/siteVersions';
import {SITE_BUILD_DIR} from '../support/builtFiles';

const ROOT = path.resolve(__dirname, '../..');

function docFiles(): string[] {
  return docsSourceFiles(ROOT).filter((file) => /\.mdx?$/.test(file) && !path.posix.basename(file).startsWith('_'));
}

describe('every doc', () => {
  const files = docFiles();

  it('there are docs to check', () => {
    expect(files.length).toBeGreaterThan(0);
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
  const files = listBuildFiles(SITE_BUILD_DIR);
  const versions = siteVersions(ROOT);
  const docPages = new Set(builtDocPages(SITE_BUILD_DIR).map((page) => page.url));
  const parts = files.filter((file) => file.startsWith(`${PARTS_DIR}/`));
  /** A page's version: the one with the longest route that holds it ('' holds everything). */
  const versionOf = (url: string) =>
    versions
      .map((version) => version.route)
      .filter((route) => isWithin(belowBase('/', url) ?? '', route))
      .sort((a, b) => b.length - a.length)[0];

  it('are a manifest per version and content-hashed parts: no plugin search-index.json, outline or section index is left', () => {
    const manifests = versions.map(versionManifestFile);
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.filter((file) => !/^assets\/search-index\/[0-9a-f]{16}\.json$/.test(file))).toEqual([]);
    expect(files.filter(isSearchIndex).sort()).toEqual([...manifests, ...parts].sort());
  });

  /** A version's indexes: its manifest's own, and one per group of its pages only some readers may see. */
  const indexesOf = (route: string) => readBuiltSearchIndexes(SITE_BUILD_DIR, route);

  it('leave no part that no manifest names', () => {
    const named = new Set(versions.flatMap((version) => indexesOf(manifestFolderOf(version)).flatMap((index) => index.partFiles)));
    expect(parts.filter((file) => !named.has(file))).toEqual([]);
  });

  describe.each(
    versions.flatMap((version) =>
      indexesOf(manifestFolderOf(version)).map(
        (index, partition) => [`${version.label}${partition === 0 ? '' : `, partition ${partition}`}`, version, index, partition] as const,
      ),
    ),
  )('of %s', (label, version, index, partition) => {
    const {manifest} = index;

    it(`names parts that exist, each starting where the manifest says`, () => {
      expect(manifest.format).toBe(3);
      expect(index.partFiles.filter((file) => !existsSync(path.join(SITE_BUILD_DIR, file)))).toEqual([]);
      expect(index.termParts.map((part) => part.terms[0])).toEqual(manifest.termParts.first);
      expect(index.termParts.map((part) => part.postings.length)).toEqual(index.termParts.map((part) => part.terms.length));
      let next = 0;
      for (const part of index.docParts) {
        expect(part.first).toBe(next);
        next += part.docs.length;
      }
      expect(index.docParts.map((part) => part.first)).toEqual(manifest.docParts.first);
    });

    it('has its terms sorted and unique, across its parts', () => {
      // A partition holds the few pages only some readers may see; the version's own index, the rest.
      expect(index.terms.length).toBeGreaterThan(partition === 0 ? 100 : 10);
      expect(index.terms).toEqual([...new Set(index.terms)].sort());
    });

    it(`indexes built doc pages of ${label} only, each once, each with a title`, () => {
      const {pageUrls} = index;
      expect(pageUrls.length).toBeGreaterThan(0);
      // A page's documents start with its title, which names the page and its address.
      expect(pageUrls.filter((url, page) => url === undefined || index.docs[manifest.pages.first[page]!]!.t.trim() === '')).toEqual([]);
      expect(new Set(pageUrls).size).toBe(pageUrls.length);
      expect(pageUrls.filter((url) => !docPages.has(url!))).toEqual([]);
      expect(pageUrls.filter((url) => versionOf(url!) !== version.route)).toEqual([]);
      expect(manifest.pages.first).toEqual([...manifest.pages.first].sort((a, b) => a - b));
    });

    it("holds no code block title or admonition label in a page's text: they are labels, not what the page says", () => {
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const leaked = index.pageUrls.flatMap((url, page) => {
        const html = readFileSync(path.join(SITE_BUILD_DIR, `${decodeURIComponent(url!)}.html`), 'utf8');
        // The theme's CSS-module classes, as the build writes them (`codeBlockTitle_OeMC`); the label is the element's last text.
        const labels = [...html.matchAll(/class="?(?:codeBlockTitle|admonitionHeading)_[^>]*>(?:[\s\S]*?>)?([^<>]+)<\/div>/g)].map(
          (match) => match[1]!.trim(),
        );
        const end = manifest.pages.first[page + 1] ?? manifest.docs ?? index.docs.length;
        const texts = index.docs.slice(manifest.pages.first[page], end).map((doc) => doc.t);
        // A label run into the text that follows it: "…your project: Terminal The command…", "tip Keep…".
        return labels.flatMap((label) => {
          const runIn = new RegExp(`(?:^|[.:!?] )${escape(label)} [A-Z]`);
          return texts.filter((text) => runIn.test(text)).map((text) => `${url}: ${text.slice(0, 80)}`);
        });
      });
      expect([...new Set(leaked)]).toEqual([]);
    });

    it("holds the words of its pages' code blocks: readers search for the command or the name they need", () => {
      const terms = new Set(index.terms);
      const missing = index.pageUrls.flatMap((url) => {
        const html = readFileSync(path.join(SITE_BUILD_DIR, `${decodeURIComponent(url!)}.html`), 'utf8');
        // The words of each block as the indexer reads them (its lines end in <br>); plain words only, so that no entity needs decoding.
        const words = [...html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/g)].flatMap((block) =>
          block[1]!
            .replace(/<br\/?>/g, ' ')
            .replace(/<[^>]+>/g, '')
            .split(/[\s-]+/)
            .filter((word) => /^[A-Za-z_][A-Za-z0-9_]{2,}$/.test(word)),
        );
        return words
          .map((word) => word.toLowerCase())
          .filter((word) => !lunrRules.isStopWord(word) && !terms.has(lunrRules.stem(word)))
          .map((word) => `${url}: ${word}`);
      });
      expect([...new Set(missing)]).toEqual([]);
    });

    it(`puts each page in the section that holds it`, () => {
      const sections = sectionsIn(path.join(ROOT, version.docsDir)).map(({folder}) =>
        version.route ? `${version.route}/${folder}` : folder,
      );
      if (sections.length === 0) {
        // A flat docs folder: its sidebars' top-level categories are its sections. A page's breadcrumbs,
        // as the index keeps them, are its sidebar's navbar label, then the category above it: that names its section.
        const misplaced = index.pageUrls.filter((_url, page) => {
          const category = index.docs[manifest.pages.first[page]!]!.b?.[1];
          const name = manifest.sections[manifest.pages.section[page]!]?.split('/').pop();
          if (category === undefined || name === undefined) return category !== name;
          // Two categories of one label are told apart by a number (sections.ts).
          return name !== sectionSlug(category) && name.replace(/-\d+$/, '') !== sectionSlug(category);
        });
        expect(misplaced).toEqual([]);
        expect(manifest.sections.filter((section) => !isWithin(section, version.route))).toEqual([]);
        return;
      }
      // Every section is in one of the version's indexes, with its pages.
      const everySection = indexesOf(manifestFolderOf(version)).flatMap((each) => each.manifest.sections);
      expect(sections.filter((section) => !everySection.includes(section))).toEqual([]);
      const wrong = index.pageUrls.filter((url, page) => {
        const relative = belowBase('/', url!) ?? '';
        const section = manifest.pages.section[page]!;
        const holding = manifest.sections.findIndex((candidate) => isWithin(relative, candidate));
        return section !== holding;
      });
      expect(wrong).toEqual([]);
    });
  });
});

describe('the built sidebars', () => {
  it('reach every doc page that is not unlisted', () => {
    expect(builtDocPages(SITE_BUILD_DIR).length).toBeGreaterThanOrEqual(16);
    expect(orphanedDocPages(SITE_BUILD_DIR)).toEqual([]);
  });
});
