/**
 * The conditions of a built site's pages, as the docs plugin's content carries them from the build's
 * start (plugins/audiences/docs.ts) to its end (the search index, the gate's list of files). Plain
 * data, so that it travels inside the docs plugin's content.
 */
import {canonicalPath} from '../../contracts/paths';
import {conditionKey, conditionOfKey, unionOf, within, type Condition} from '../../contracts/audiences';

export interface SiteConditions {
  /** The audiences the site defines (its audiences.json). */
  audiences: string[];
  /** Each audience's description (audiences.json), which its readers see beside what is theirs alone. */
  descriptions: Record<string, string>;
  /** The widest condition of the site: `public` once any page is, else every reader. */
  base: string;
  /** Page address (a doc's, a category index's, a version landing's; canonicalPath's form) → condition key. */
  pages: Record<string, string>;
  /** A doc's source file (`docs/intro.md`) → its page address: the Markdown loader's plugins know a page by its file. */
  files: Record<string, string>;
  /** `<version name>:<doc id>` → condition key. */
  docs: Record<string, string>;
  /** Version name → who may see anything of it: the union of its pages. */
  versions: Record<string, string>;
}

/** The docs plugin's content with the conditions of its pages, when the site has audiences. */
export const CONDITIONS_FIELD = 'audienceConditions';

/** The conditions the docs plugin's content carries, when the site has audiences. */
export function conditionsIn(docsContent: unknown): Conditions | undefined {
  const data = (docsContent as {[CONDITIONS_FIELD]?: SiteConditions} | undefined)?.[CONDITIONS_FIELD];
  return data && new Conditions(data);
}

/**
 * Where the build cannot tell who may read something: it stops, naming it, rather than give it to
 * anyone (there is no default reader).
 */
export class UndecidedAudience extends Error {
  constructor(what: string) {
    super(`Who may read ${what} is not decided by the build's audience model (plugins/audiences/docs.ts): nothing is served.`);
    this.name = 'UndecidedAudience';
  }
}

export class Conditions {
  constructor(readonly data: SiteConditions) {}

  get base(): Condition {
    return conditionOfKey(this.data.base);
  }

  /** Who may read the page at an address of the docs (a doc's, a category's, a version landing's, a tag's); throws for any other. */
  page(permalink: string): Condition {
    const condition = this.knownPage(permalink);
    if (condition === undefined) throw new UndecidedAudience(`the page ${permalink}`);
    return condition;
  }

  /** Who may read the page at an address, when it is one of the docs' (a link may lead anywhere). */
  knownPage(permalink: string): Condition | undefined {
    const key = this.data.pages[canonicalPath(permalink)];
    return key === undefined ? undefined : conditionOfKey(key);
  }

  doc(version: string, id: string): Condition {
    const condition = this.knownDoc(version, id);
    if (condition === undefined) throw new UndecidedAudience(`the doc "${id}" of version ${version}`);
    return condition;
  }

  /** Who may read a doc of a version, when the version has it. */
  knownDoc(version: string, id: string): Condition | undefined {
    const key = this.data.docs[`${version}:${id}`];
    return key === undefined ? undefined : conditionOfKey(key);
  }

  version(name: string): Condition {
    const key = this.data.versions[name];
    if (key === undefined) throw new UndecidedAudience(`version ${name}`);
    return conditionOfKey(key);
  }
}

/** The union of some conditions; undefined for none. */
export function unionOfAll(conditions: Iterable<Condition | undefined>): Condition | undefined {
  let union: Condition | undefined;
  for (const condition of conditions) if (condition !== undefined) union = union === undefined ? condition : unionOf(union, condition);
  return union;
}

/** The annotation an item carries when some reader of its container may not see it. */
export function annotationFor(condition: Condition | undefined, container: Condition): string | undefined {
  return condition === undefined || within(container, condition) ? undefined : conditionKey(condition);
}
