/**
 * Where the version menu and the old-version banner take a reader in another version: the same page
 * there when every reader of this page may open it (the build lists those versions on the page's entry,
 * `alsoIn`: plugins/audiences/docs.ts), else that version's first page, which every reader of the version
 * may open. So the target is the same for every reader of the page, and names no page some cannot see.
 */
import type {GlobalDoc, GlobalVersion} from '@docusaurus/plugin-content-docs/client';

/** A doc of the global data, with the versions its page has a counterpart every one of its readers may open in. */
export type SharedDoc = GlobalDoc & {alsoIn?: readonly string[]};

/** Where a version's entry leads, and whether that is the page shown, in that version (then its `?query` and `#anchor` still mean something there). */
export interface VersionTarget {
  path: string;
  sameDoc: boolean;
}

/** The page a version's entry leads to: its main doc, else its own root. */
export function versionStart(version: GlobalVersion): VersionTarget {
  return {path: (version.docs.find((doc) => doc.id === version.mainDocId) ?? version).path, sameDoc: false};
}

export function sameDocTarget(version: GlobalVersion, activeDoc: SharedDoc | undefined, alternate: GlobalDoc | undefined): VersionTarget {
  if (activeDoc === undefined) return versionStart(version);
  if (version.docs.includes(activeDoc)) return {path: activeDoc.path, sameDoc: true};
  return alternate !== undefined && (activeDoc.alsoIn ?? []).includes(version.name)
    ? {path: alternate.path, sameDoc: true}
    : versionStart(version);
}

/** A target with the page's query and anchor, when it is the same page: an anchor of another page would lead nowhere, or somewhere unrelated. */
export function withPageState({path, sameDoc}: VersionTarget, search: string, hash: string): string {
  return sameDoc ? `${path}${search}${hash}` : path;
}
