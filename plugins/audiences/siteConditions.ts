/**
 * The conditions of a built site's pages, as the docs plugin's content carries them from the build's
 * start (plugins/audiences/docs.ts) to its end (the search index, the gate's list of files). Plain
 * data, so that it travels inside the docs plugin's content.
 */
import {canonicalPath} from '../../contracts/paths';
import {conditionKey, conditionOfKey, READERS, unionOf, within, PUBLIC, type Condition} from '../../contracts/audiences';

export interface SiteConditions {
  /** The audiences the site defines (its audiences.json). */
  audiences: string[];
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

export class Conditions {
  constructor(readonly data: SiteConditions) {}

  get base(): Condition {
    return conditionOfKey(this.data.base);
  }

  page(permalink: string): Condition | undefined {
    const key = this.data.pages[canonicalPath(permalink)];
    return key === undefined ? undefined : conditionOfKey(key);
  }

  doc(version: string, id: string): Condition | undefined {
    const key = this.data.docs[`${version}:${id}`];
    return key === undefined ? undefined : conditionOfKey(key);
  }

  version(name: string): Condition {
    return conditionOfKey(this.data.versions[name] ?? READERS);
  }

  /** Whether any page is narrower than the widest: the site has something to hide from someone. */
  get restricts(): boolean {
    const base = this.base;
    return Object.values(this.data.pages).some((key) => !within(base, conditionOfKey(key)));
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

export const siteBase = (conditions: Iterable<Condition>): Condition =>
  [...conditions].some((condition) => condition === PUBLIC) ? PUBLIC : READERS;
