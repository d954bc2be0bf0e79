/**
 * Who reads what, in the build: the browser bundle gets marked copies of the generated modules
 * (clientBundle.ts) so that the gate can send each reader their own, and the site learns whether it
 * has public pages (a visitor's chrome then leaves out what leads to the others) and which sidebars
 * each reader gets a navbar link to. The docs plugin's side is plugins/audiences/docs.ts, which config
 * uses in place of the preset's docs plugin.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {AUDIENCES_PLUGIN, PUBLIC, READERS, type AudiencesGlobalData} from '../../contracts/audiences';
import type {SiteSettings} from '../../contracts/siteSettings';
import {writeClientCopies} from './clientBundle';
import {conditionsIn} from './siteConditions';
import {navbarSidebarLinks, type SidebarItem} from './sidebarRules';

export interface AudiencesOptions {
  /** The team's navbar labels of its sidebars (site.config.ts). */
  sidebarLabels: SiteSettings['sidebarLabels'];
}

export default function audiences(context: LoadContext, {sidebarLabels}: AudiencesOptions): Plugin {
  return {
    name: AUDIENCES_PLUGIN,
    allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      const conditions = conditionsIn(docs);
      // The navbar links to the sidebars of the version served at the root, as Docusaurus's own navbar items do.
      const latest = docs?.loadedVersions.find((version) => version.isLast);
      const sidebarLinks = navbarSidebarLinks(
        (latest?.sidebars ?? {}) as Record<string, SidebarItem[]>,
        sidebarLabels,
        (id) => conditions?.doc(latest!.versionName, id),
        conditions?.base ?? READERS,
      );
      actions.setGlobalData({publicPages: conditions?.data.base === PUBLIC, sidebarLinks} satisfies AudiencesGlobalData);
    },
    configureWebpack(config, isServer) {
      // The dev server has no gate to cut anything: it shows authors every page.
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const aliases = writeClientCopies(context.generatedFilesDir);
      // First, so that they win over Docusaurus's own `@generated` alias.
      if (aliases !== null) config.resolve = {...config.resolve, alias: {...aliases, ...(config.resolve?.alias as Record<string, string>)}};
      return {};
    },
  };
}
