/**
 * Who may read each page, decided as the build decides it (plugins/audiences/plan.ts), and every mistake
 * in what authors wrote about it that fails the build (plugins/audiences/docs.ts), as check:docs problems.
 * Pure: plugins/checkDocs/readSite.ts reads the declarations.
 */
import type {Condition} from '../../contracts/audiences';
import type {SiteAudiences} from '../audiences/declarations';
import {planAudiences, type AudienceProblem, type Declared, type PageInput} from '../audiences/plan';
import {unionOfAll} from '../audiences/siteConditions';
import type {Problem} from './check';

export interface AudiencePage extends PageInput {
  permalink: string;
}

/** A generated index page (a category's, a version's landing): its address and the folder of the pages it lists. */
export interface IndexPage {
  permalink: string;
  version: string;
  /** Relative to the version's docs; '' for the whole version. */
  folder: string;
}

export interface AudienceInput {
  /** `audiences.json`, as plugins/audiences/declarations.ts reads it. */
  declared: SiteAudiences;
  /** Each folder's `customProps.audience`, by `<version>:<folder>`. */
  folders: ReadonlyMap<string, Declared>;
  /** The site's version names (`current`, `1.0`). */
  versions: readonly string[];
  pages: readonly AudiencePage[];
  indexPages: readonly IndexPage[];
}

export interface SiteReaders {
  /** Page address → who may read it; empty for a site that says nothing about audiences. */
  readers: Map<string, Condition>;
  problems: Problem[];
}

export function siteReaders({declared, folders, versions, pages, indexPages}: AudienceInput): SiteReaders {
  const declaresAny = declared.defined.size > 0 || declared.versions.size > 0 || folders.size > 0 || pages.some((page) => page.audience);
  if (!declaresAny && declared.problems.length === 0) return {readers: new Map(), problems: []};

  const plan = planAudiences({
    defined: new Set(declared.defined.keys()),
    versions: declared.versions,
    folders,
    pages,
    siteVersions: versions,
  });
  const found: AudienceProblem[] = [...declared.problems, ...plan.problems];
  const readers = new Map<string, Condition>();
  for (const page of pages) readers.set(page.permalink, plan.pages.get(page.file)!);
  // An index lists what its folder holds: whoever may read any page of it (plugins/audiences/sidebarRules.ts).
  for (const index of indexPages) {
    const inside = pages.filter(
      (page) =>
        page.version === index.version &&
        (index.folder === '' || page.folder === index.folder || page.folder.startsWith(`${index.folder}/`)),
    );
    const condition = unionOfAll(inside.map((page) => plan.pages.get(page.file)));
    if (condition !== undefined) readers.set(index.permalink, condition);
  }
  return {readers, problems: found.map(({file, line, message}) => ({file, line, severity: 'error', rule: 'audience', message}))};
}
