/**
 * Who each page is for, from what authors wrote at its three levels: the version (`audiences.json`),
 * its folders (`customProps.audience` in `_category_.json`) and the page (`audience:` front matter).
 * The innermost level that says anything decides; it may narrow what encloses it, never widen it.
 * Pure: the build (plugins/audiences/docs.ts) and `npm run check:docs` read the files and call it.
 */
import {describeCondition, parseAudienceValue, PUBLIC, READERS, unionOf, within, type Condition} from '../../contracts/audiences';
import {isFolderIndex} from '../markdown/pageTitle';

/** A mistake in what an author wrote, with where they wrote it. */
export interface AudienceProblem {
  file: string;
  line: number;
  message: string;
}

/** Something an author wrote at one level: the value, and where. */
export interface Declared {
  value: unknown;
  file: string;
  line: number;
}

export interface PlanInput {
  /** The audiences `audiences.json` defines. */
  defined: ReadonlySet<string>;
  /** Version name → its audience, if `audiences.json` gives it one. */
  versions: ReadonlyMap<string, Declared>;
  /** `<version>:<folder>` (folder relative to the version's docs, `a/b`) → its audience. */
  folders: ReadonlyMap<string, Declared>;
  pages: readonly PageInput[];
  /** The site's version names (`current`, `1.0`): `audiences.json` may name no other. */
  siteVersions: readonly string[];
}

export interface PageInput {
  /** The source file, relative to the site (`versioned_docs/version-1.0/staff/x.md`). */
  file: string;
  version: string;
  /** Its folder, relative to its version's docs (`` at the top). */
  folder: string;
  /** Its `audience:` front matter, if any. */
  audience?: Declared;
  /** The line of its `tags:` front matter, when it has tags. */
  tagsLine?: number;
}

export interface AudiencePlan {
  /** Source file → who may read the page. */
  pages: Map<string, Condition>;
  /** Version name → who may read its pages, for the versions `audiences.json` names. */
  versions: Map<string, Condition>;
  problems: AudienceProblem[];
}

export const folderKey = (version: string, folder: string) => `${version}:${folder}`;

export function planAudiences({defined, versions, folders, pages, siteVersions}: PlanInput): AudiencePlan {
  const problems: AudienceProblem[] = [];
  const parsed = new Map<Declared, Condition | null>();
  const conditionOf = (declared: Declared): Condition | null => {
    if (!parsed.has(declared)) {
      const result = parseAudienceValue(declared.value, defined);
      if ('error' in result) problems.push({file: declared.file, line: declared.line, message: result.error});
      parsed.set(declared, 'condition' in result ? result.condition : null);
    }
    return parsed.get(declared)!;
  };

  /**
   * The condition inside a level: that level's own if it is a valid narrowing of what an enclosing level
   * declared (undefined: nothing above says anything, and any audience, `public` too, may be given).
   */
  const narrowed = (outer: Condition | undefined, declared: Declared | undefined, what: string): Condition | undefined => {
    if (declared === undefined) return outer;
    const inner = conditionOf(declared);
    if (inner === null) return outer;
    if (outer !== undefined && !within(inner, outer)) {
      problems.push({
        file: declared.file,
        line: declared.line,
        message: `${what} is for ${describeCondition(inner)}, wider than what encloses it (${describeCondition(outer)}): a level may narrow its folder's and version's audience, never widen it`,
      });
      return outer;
    }
    return inner;
  };

  const versionConditions = new Map<string, Condition | undefined>();
  const versionOf = (name: string) => {
    if (!versionConditions.has(name)) versionConditions.set(name, narrowed(undefined, versions.get(name), `version ${name}`));
    return versionConditions.get(name);
  };
  const folderConditions = new Map<string, Condition | undefined>();
  const folderOf = (version: string, folder: string): Condition | undefined => {
    const key = folderKey(version, folder);
    if (!folderConditions.has(key)) {
      const parent = folder.includes('/') ? folderOf(version, folder.slice(0, folder.lastIndexOf('/'))) : versionOf(version);
      folderConditions.set(key, narrowed(parent, folders.get(key), `the folder ${folder}`));
    }
    return folderConditions.get(key);
  };

  const pageConditions = new Map<string, Condition>();
  for (const page of pages) {
    const enclosing = page.folder === '' ? versionOf(page.version) : folderOf(page.version, page.folder);
    pageConditions.set(page.file, narrowed(enclosing, page.audience, 'the page') ?? READERS);
  }
  problems.push(...folderIndexProblems(pages, pageConditions));
  const tagged = pages.filter((page) => page.tagsLine !== undefined);
  const readersTag = new Set(tagged.filter((page) => pageConditions.get(page.file) === READERS).map((page) => page.version));
  for (const page of tagged) {
    const condition = pageConditions.get(page.file)!;
    if (condition !== READERS && condition !== PUBLIC) {
      problems.push({
        file: page.file,
        line: page.tagsLine!,
        message: 'a page with an audience cannot have tags: the tags pages, which every reader sees, would list and count it',
      });
    } else if (condition === PUBLIC && readersTag.has(page.version)) {
      // A version's list of tags counts all its tagged pages: the public's and readers' cannot share it.
      problems.push({
        file: page.file,
        line: page.tagsLine!,
        message:
          'a public page cannot have tags while pages for signed-in readers of its version have some: the tags pages, which visitors see, would list and count those',
      });
    }
  }
  for (const [name, {file, line}] of versions) {
    if (!siteVersions.includes(name))
      problems.push({file, line, message: `"${name}" is not a version of this site (${siteVersions.join(', ')})`});
  }
  const versionsOut = new Map([...versions.keys()].map((name) => [name, versionOf(name) ?? READERS]));
  return {pages: pageConditions, versions: versionsOut, problems};
}

/**
 * A folder's own page (`index.md`, `README.md`, or named like the folder) is what its sidebar category
 * links to: everyone who sees the category, because some page inside is for them, must be able to open it.
 */
function folderIndexProblems(pages: readonly PageInput[], conditions: ReadonlyMap<string, Condition>): AudienceProblem[] {
  const problems: AudienceProblem[] = [];
  for (const index of pages) {
    const name = index.file.slice(index.file.lastIndexOf('/') + 1).replace(/\.mdx?$/i, '');
    const folderName = index.folder.slice(index.folder.lastIndexOf('/') + 1);
    if (index.folder === '' || !isFolderIndex({name, folder: folderName})) continue;
    const inside = pages.filter(
      (page) =>
        page !== index && page.version === index.version && (page.folder === index.folder || page.folder.startsWith(`${index.folder}/`)),
    );
    if (inside.length === 0) continue;
    const readers = inside.map((page) => conditions.get(page.file)!).reduce(unionOf);
    const own = conditions.get(index.file)!;
    if (!within(readers, own)) {
      problems.push({
        file: index.audience?.file ?? index.file,
        line: index.audience?.line ?? 1,
        message: `the folder's own page is for ${describeCondition(own)}, but pages inside the folder are for ${describeCondition(readers)}: its sidebar category links here, so give the audience to the folder (customProps.audience in _category_.json) or widen this page`,
      });
    }
  }
  return problems;
}
