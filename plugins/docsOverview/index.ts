/**
 * Gives the home page (src/pages/index.tsx) each version's overview as global data, once every
 * plugin's content is loaded. The login build has no docs: it gets an empty list.
 */
import type {Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {DOCS_OVERVIEW_PLUGIN, type VersionOverview} from '../../contracts/docsOverview';
import {versionOverview} from './overview';
import {conditionsIn} from '../audiences/siteConditions';

export default function docsOverview(): Plugin {
  return {
    name: DOCS_OVERVIEW_PLUGIN,
    allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      const site = conditionsIn(docs);
      const overviews: VersionOverview[] = (docs?.loadedVersions ?? []).map((version) =>
        versionOverview(
          version,
          site && {page: (permalink) => site.page(permalink), version: site.version(version.versionName), base: site.base},
        ),
      );
      actions.setGlobalData(overviews);
    },
  };
}
