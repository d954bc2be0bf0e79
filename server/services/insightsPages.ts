type Place = NonNullable<ReturnType<typeof placeOf>>;
/** A page load counted as a read: of which page, in which version and section. */
type Read = Place & {page: string};

/**
 * Which page a report names, as the reader who sent it may see the site: a page they may open, by the
 * path the build's routes know it by, or none. And a page's title for the report, read once per build
 * from its built HTML.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {isVisible, type View} from '../../contracts/audiences';
import {canonicalPath} from '../../contracts/paths';
import {countsAsRead, placeOf} from '../../contracts/insights';
import {titleOfPage} from '../rules/insights';
import type {LiveBuild} from './liveBuild';

/** Titles, places and reads kept at most per build, each (a report lists 50 pages; a site has a few thousand). */
const MAX_KEPT = 20_000;

export class InsightsPages {
  /** What was learnt of the build being served: titles, places, and what a page load at an address counts as. */
  private known = {
    build: '',
    titles: new Map<string, string>(),
    places: new Map<string, Place | null>(),
    reads: new Map<string, Read | null>(),
  };

  constructor(private readonly build: LiveBuild) {}

  private ofCurrent() {
    if (this.known.build !== this.build.current.id)
      this.known = {build: this.build.current.id, titles: new Map(), places: new Map(), reads: new Map()};
    return this.known;
  }

  /** The version and section a page is filed under (placeOf), worked out once per page and build. */
  place(page: string): Place | null {
    const {places} = this.ofCurrent();
    let place = places.get(page);
    if (place === undefined) {
      place = placeOf(page, this.build.current.places);
      if (places.size < MAX_KEPT) places.set(page, place);
    }
    return place;
  }

  /**
   * What loading a page at `path` (as the gate resolved the address) counts as: its page and place, or null for no
   * read (outside every version, or one of the site's tools). Once per address and build: every page load asks.
   */
  readOf(path: string): Read | null {
    const {reads} = this.ofCurrent();
    let read = reads.get(path);
    if (read === undefined) {
      const page = canonicalPath(path);
      const place = countsAsRead(page) ? this.place(page) : null;
      read = place === null ? null : {page, ...place};
      if (reads.size < MAX_KEPT) reads.set(path, read);
    }
    return read;
  }

  /** The page's path when the view may open it; null for a page that does not exist for it. */
  open(address: string, view: View): string | null {
    let pathname: string;
    try {
      pathname = canonicalPath(decodeURI(address.split(/[?#]/, 1)[0]!));
    } catch {
      return null;
    }
    const condition = this.build.current.audiences.routeCondition(pathname);
    return condition !== undefined && isVisible(condition, view) ? pathname : null;
  }

  /** The titles of pages the view may open (a page without one keeps its path). */
  async titles(pagePaths: readonly string[], view: View): Promise<Map<string, string>> {
    const known = this.ofCurrent().titles;
    const titles = new Map<string, string>();
    await Promise.all(
      pagePaths.map(async (pagePath) => {
        if (this.open(pagePath, view) === null) return;
        let title = known.get(pagePath);
        if (title === undefined) {
          const found = this.build.siteFile(pagePath, view);
          title =
            (found?.file.endsWith('.html') &&
              titleOfPage(await readFile(path.join(found.build.root, found.file), 'utf8').catch(() => ''))) ||
            pagePath;
          if (known.size < MAX_KEPT) known.set(pagePath, title);
        }
        titles.set(pagePath, title);
      }),
    );
    return titles;
  }
}
