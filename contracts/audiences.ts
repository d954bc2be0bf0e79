/**
 * Who reads what: the audience rules the build, the gate, the readers command and the site share.
 *
 * Authors say who a page is for at three levels, the version, its folders and the page itself
 * (`audience:` front matter, `customProps.audience` in a folder's `_category_.json`, the versions in
 * `audiences.json`); the innermost one that says anything decides, and may narrow what encloses it but
 * never widen it. Operators put readers in audiences (the readers file). What the author wrote becomes
 * a *condition* on every file and every piece of a file the site sends; what a reader has becomes a
 * *view*; the gate sends a file, or a piece of one, only when the view meets its condition.
 */

/** The audience that needs no sign-in (when the operator switches public pages on). */
export const PUBLIC = 'public';
/** Every signed-in reader: a page with no audience anywhere above it. */
export const READERS = '*';

/** What an author may name an audience: lower case letters, digits and inner hyphens. */
const AUDIENCE_NAME = /^[a-z](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

export function isAudienceName(name: string): boolean {
  return AUDIENCE_NAME.test(name) && name !== PUBLIC;
}

/**
 * Who may read something: `public` (anyone, once the operator allows public pages), `*` (every
 * signed-in reader), or the readers of any of some named audiences (sorted, no repeats).
 */
export type Condition = typeof PUBLIC | typeof READERS | readonly string[];

/** The readers of any of these audiences (no names: every reader). */
export function audienceCondition(names: Iterable<string>): Condition {
  const sorted = [...new Set(names)].sort();
  return sorted.length === 0 ? READERS : sorted;
}

/** One string per condition, as markers and the build's file list write it: `public`, `*`, `partners+staff`. */
export function conditionKey(condition: Condition): string {
  return typeof condition === 'string' ? condition : condition.join('+');
}

export function conditionOfKey(key: string): Condition {
  if (key === PUBLIC || key === READERS) return key;
  return key.split('+');
}

/** Whether every reader of `inner` may read `outer` too: `inner` narrows `outer`, or is `outer`. */
export function within(inner: Condition, outer: Condition): boolean {
  if (outer === PUBLIC) return true;
  if (outer === READERS) return inner !== PUBLIC;
  return typeof inner !== 'string' && inner.every((name) => outer.includes(name));
}

/** Who may read something two things make up, such as a chunk two pages load or a folder of pages. */
export function unionOf(a: Condition, b: Condition): Condition {
  if (a === PUBLIC || b === PUBLIC) return PUBLIC;
  if (a === READERS || b === READERS) return READERS;
  return audienceCondition([...a, ...b]);
}

/**
 * What one requester may see: `public` for a visitor (when public pages are on), plus `*` and the
 * reader's own audiences once signed in. Only audiences the build defines count.
 */
export type View = ReadonlySet<string>;

export function readerView(audiences: Iterable<string>): View {
  return new Set([PUBLIC, READERS, ...audiences]);
}

export const VISITOR_VIEW: View = new Set([PUBLIC]);

/** A view of someone not signed in (public pages only). */
export function isVisitorView(view: View): boolean {
  return !view.has(READERS);
}

/**
 * The attribute of `<html>` on a page the gate sent to a visitor who is not signed in: the page stays
 * without a sign-in (src/auth/pageAccess.ts) and offers one. Outside React's root, so the page hydrates alike.
 */
export const VISITOR_PAGE_ATTRIBUTE = 'data-public-visit';

export function asVisitorPage(html: string): string {
  return html.replace(/<html(?=[\s>])/i, `<html ${VISITOR_PAGE_ATTRIBUTE}`);
}

export function isVisible(condition: Condition, view: View): boolean {
  if (typeof condition === 'string') return view.has(condition);
  return condition.some((name) => view.has(name));
}

/** Which of some conditions a view meets, as a string of 0 and 1 in their order: views alike in it see the same. */
export function visibilityMask(conditions: readonly Condition[], view: View): string {
  return conditions.map((condition) => (isVisible(condition, view) ? '1' : '0')).join('');
}

/**
 * Which pieces someone sees, as a rule: a view's (isVisible), or what every reader of a page shares
 * (sharedBy), which no one reader's view is when the page is for several audiences.
 */
export type Sight = (condition: Condition) => boolean;

export function sightOf(seen: View | Sight): Sight {
  return typeof seen === 'function' ? seen : (condition) => isVisible(condition, seen);
}

/** What every reader of something for `readers` sees: the pieces for all of them (what the search index holds of a page). */
export function sharedBy(readers: Condition): Sight {
  return (condition) => within(readers, condition);
}

const viewKeys = new WeakMap<View, string>();

/** One string per view, for caching what was assembled for it; made once per view object (the gate keeps one per set of audiences). */
export function viewKey(view: View): string {
  let key = viewKeys.get(view);
  if (key === undefined) viewKeys.set(view, (key = [...view].sort().join(' ')));
  return key;
}

/**
 * An audience as an author writes it, at some level: a name, a list of names, or `public`. Returns the
 * condition, or the reason it is not one (the caller names the file and line).
 */
export function parseAudienceValue(value: unknown, defined: ReadonlySet<string>): {condition: Condition} | {error: string} {
  const names = typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : Array.isArray(value) ? value : null;
  if (names === null || names.length === 0 || names.some((name) => typeof name !== 'string')) {
    return {error: 'audience must be a name or a list of names, such as `audience: partners` or `audience: [partners, staff]`'};
  }
  const list = names as string[];
  if (list.includes(PUBLIC)) {
    return list.length === 1 ? {condition: PUBLIC} : {error: '`public` stands alone: a public page is for everyone already'};
  }
  const unknown = list.filter((name) => !defined.has(name));
  if (unknown.length > 0) {
    const known = [...defined].sort().join(', ') || 'none yet';
    return {error: `audience ${unknown.map((name) => `"${name}"`).join(', ')} is not defined in audiences.json (defined: ${known})`};
  }
  return {condition: audienceCondition(list)};
}

/** How an author's level reads in a message. */
export function describeCondition(condition: Condition): string {
  if (condition === PUBLIC) return 'public';
  if (condition === READERS) return 'every reader';
  return condition.join(', ');
}

/**
 * What tells a reader that a page is for them and not for everyone: one of its audiences, by name, with
 * the words the site gives it (audiences.json). The docs' global data gives each restricted doc one per
 * audience (BADGES_FIELD), each marked for that audience's readers, so that a reader learns of their
 * own audiences only (src/audiences/AudienceBadges.tsx shows them).
 */
export interface AudienceBadge {
  name: string;
  /** The name as a word: `partners` → `Partners`, `early-access` → `Early access`. */
  label: string;
  description: string;
}

export const BADGES_FIELD = 'audiences';

export function audienceBadge(name: string, description: string): AudienceBadge {
  const words = name.replace(/-/g, ' ');
  return {name, label: words.charAt(0).toUpperCase() + words.slice(1), description};
}

/** The build's audiences plugin (plugins/audiences), as the site reads its global data (`usePluginData`). */
export const AUDIENCES_PLUGIN = 'tutorial-hub-audiences';

export interface AudiencesGlobalData {
  /** Whether some pages are public: visitors who are not signed in may then get some pages. */
  publicPages: boolean;
  /**
   * The navbar's links to the current version's sidebars, in order, with their labels (site.config.ts):
   * each reader's copy has only those of the sidebars they may open a page of.
   */
  sidebarLinks: {id: string; label: string}[];
  /** This build's marker key (contracts/audienceMarkers.ts): what the server-side render marks pieces with. */
  markerKey: string;
}
