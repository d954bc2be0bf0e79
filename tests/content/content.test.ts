/** Checks every author's change must pass (broken links and anchors already fail the build). */
import {describe, expect, it} from 'vitest';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {builtDocPages, orphanedDocPages} from '../support/sidebars';
import {isSearchIndex, OUTLINE_INDEX, WHOLE_INDEX} from '../../shared/searchIndexFiles';

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
  const indexes = readdirSync(BUILD, {recursive: true}).map(String).filter(isSearchIndex);

  it.each(indexes)('%s names every page it indexes', (file) => {
    const [pages] = JSON.parse(readFileSync(path.join(BUILD, file), 'utf8')) as {documents: {t: string; u: string}[]}[];
    expect(pages!.documents.length).toBeGreaterThan(0);
    expect(pages!.documents.filter((page) => page.t.trim() === '').map((page) => page.u)).toEqual([]);
  });
});

describe('the outlines of the built search indexes', () => {
  const outlines = readdirSync(BUILD, {recursive: true})
    .map(String)
    .filter((file) => path.basename(file) === OUTLINE_INDEX);

  it('exist for each version: the latest and 1.0', () => {
    expect(outlines.sort()).toEqual(['1.0/search-index.outline.json', 'search-index.outline.json']);
  });

  it.each(outlines)('%s holds the titles and headings of the whole index beside it, and nothing else', (file) => {
    const whole = JSON.parse(readFileSync(path.join(BUILD, path.dirname(file), WHOLE_INDEX), 'utf8')) as unknown[];
    const outline = JSON.parse(readFileSync(path.join(BUILD, file), 'utf8')) as unknown[];
    // The plugin's document types, in its order: titles, headings, then descriptions, keywords, text.
    expect(outline).toEqual(whole.slice(0, 2));
  });
});

describe('the built sidebars', () => {
  it('reach every doc page that is not unlisted', () => {
    expect(builtDocPages(BUILD).length).toBeGreaterThanOrEqual(16);
    expect(orphanedDocPages(BUILD)).toEqual([]);
  });
});
