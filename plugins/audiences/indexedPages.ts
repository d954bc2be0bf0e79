/**
 * What the search index reads of each page: what every reader of the page may see (sharedBy). Each
 * version's index is split by who may read a page (plugins/search/partitions.ts), and a part goes to all
 * of a page's readers: a piece of the page for only some of them (a card of a partners' page that the
 * product's DocCardList marks in a page for every reader) is cut before the page is indexed, and a page
 * rendered per view is read as rendered with what all its readers share (viewRender.ts). The copies are
 * the index's alone: they live outside the build and go when it is written.
 */
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {assemble, type MarkerSyntax, type Template} from '../../contracts/audienceMarkers';
import {sharedBy, type Condition, type Sight} from '../../contracts/audiences';
import {templateOfFile} from './leakProof';

/**
 * Whether a page's content holds a piece the sight does not see. The search plugin indexes a page's
 * `<article>` (with its description and the page's own place in the navbar and sidebar, which all its
 * readers see): a piece elsewhere (another reader's item in the sidebar) is not indexed anyway.
 */
export function hidesInContent(html: string, {markers}: Template, sight: Sight): boolean {
  const articles: [number, number][] = [];
  for (const open of html.matchAll(/<article[\s>]/g)) {
    const close = html.indexOf('</article>', open.index);
    articles.push([open.index, close === -1 ? html.length : close]);
  }
  return markers.some(
    ({start, condition}) => condition !== null && !sight(condition) && articles.some(([from, to]) => start > from && start < to),
  );
}

export class IndexedPages {
  private readonly copies = new Map<string, string>();

  private constructor(private readonly dir: string) {}

  /** The copies of the build's pages (`pages`: file → readers) whose content holds a piece not all their readers see. */
  static async of(outDir: string, pages: ReadonlyMap<string, Condition>, markers: MarkerSyntax): Promise<IndexedPages> {
    const indexed = new IndexedPages(await mkdtemp(path.join(tmpdir(), 'tutorial-hub-indexed-')));
    for (const [file, condition] of pages) {
      if (!file.endsWith('.html')) continue;
      const html = await readFile(path.join(outDir, file), 'utf8');
      const template = templateOfFile(file, html, markers);
      const sight = sharedBy(condition);
      if (template !== null && hidesInContent(html, template, sight)) await indexed.add(file, assemble(html, template, sight));
    }
    return indexed;
  }

  /** Keeps `html` as what the index reads of the page `file` (a file of the build, relative). */
  async add(file: string, html: string): Promise<void> {
    const copy = path.join(this.dir, file);
    await mkdir(path.dirname(copy), {recursive: true});
    await writeFile(copy, html);
    this.copies.set(file, copy);
  }

  /** The copy the index reads instead of a page (an absolute path), if it has one. */
  readonly copyOf = (file: string): string | undefined => this.copies.get(file);

  async dispose(): Promise<void> {
    await rm(this.dir, {recursive: true, force: true});
  }
}
