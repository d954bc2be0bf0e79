/** The version menu's and the old-version banner's targets for the page shown (the rule: versionTarget.ts). */
import {useActiveDocContext, type GlobalVersion} from '@docusaurus/plugin-content-docs/client';
import {sameDocTarget, type SharedDoc, type VersionTarget} from './versionTarget';

export function useSameDocIn(pluginId: string | undefined): (version: GlobalVersion) => VersionTarget {
  const {activeDoc, alternateDocVersions} = useActiveDocContext(pluginId);
  return (version) => sameDocTarget(version, activeDoc as SharedDoc | undefined, alternateDocVersions[version.name]);
}
