/**
 * Where the version menu and the old-version banner take a reader in another version: the same page
 * there when every reader of this page may open it (the build lists those versions on the page's entry,
 * `alsoIn`: plugins/audiences/docs.ts), else that version's first page, which every reader of the version
 * may open. So the target is the same for every reader of the page, and names no page some cannot see.
 */
import {useActiveDocContext, type GlobalDoc, type GlobalVersion} from '@docusaurus/plugin-content-docs/client';

/** A doc of the global data, with the versions its page has a counterpart every one of its readers may open in. */
type SharedDoc = GlobalDoc & {alsoIn?: readonly string[]};

/** The page a version's entry leads to: its main doc, else its own root. */
export function versionStart(version: GlobalVersion): {path: string} {
  return version.docs.find((doc) => doc.id === version.mainDocId) ?? {path: version.path};
}

export function sameDocTarget(version: GlobalVersion, activeDoc: SharedDoc | undefined, alternate: GlobalDoc | undefined): {path: string} {
  if (activeDoc === undefined) return versionStart(version);
  if (version.docs.includes(activeDoc)) return activeDoc;
  return alternate !== undefined && (activeDoc.alsoIn ?? []).includes(version.name) ? alternate : versionStart(version);
}

export function useSameDocIn(pluginId: string | undefined): (version: GlobalVersion) => {path: string} {
  const {activeDoc, alternateDocVersions} = useActiveDocContext(pluginId);
  return (version) => sameDocTarget(version, activeDoc as SharedDoc | undefined, alternateDocVersions[version.name]);
}
