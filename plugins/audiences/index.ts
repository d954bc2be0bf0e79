/**
 * Who reads what, in the build: the bundles get copies of the generated modules (bundleCopies.ts), the
 * browser's marked so that the gate can send each reader their own; the site learns whether it has
 * public pages (a visitor's chrome then leaves out what leads to the others), which sidebars each
 * reader gets a navbar link to, and the key of this build's markers (contracts/audienceMarkers.ts),
 * drawn anew for each build. The docs plugin's side is plugins/audiences/docs.ts, which config uses in
 * place of the preset's docs plugin.
 */
import {randomBytes} from 'node:crypto';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {AUDIENCES_PLUGIN, PUBLIC, READERS, type AudiencesGlobalData, type Condition} from '../../contracts/audiences';
import {MarkerSyntax} from '../../contracts/audienceMarkers';
import type {SiteSettings} from '../../contracts/siteSettings';
import {writeBundleCopies, type BundleCopies} from './bundleCopies';
import {conditionsIn} from './siteConditions';
import {navbarSidebarLinks, type SidebarItem} from './sidebarRules';
import {keepServerBundle, keptServerBundle} from './viewRender';

export interface AudiencesOptions {
  /** The team's navbar labels of its sidebars (site.config.ts). */
  sidebarLabels: SiteSettings['sidebarLabels'];
}

/** The plugin's content: what the build's later steps (plugins/servedBuild.ts) read of it. */
export interface AudiencesContent {
  markerKey: string;
}

/**
 * This build's marker key, from the plugins' content after the build (postBuild's `plugins`); none in a
 * build without this plugin (the login build: nothing in it is for some readers only).
 */
export function markerKeyOf(plugins: readonly {name: string; content: unknown}[]): string | undefined {
  return (plugins.find((plugin) => plugin.name === AUDIENCES_PLUGIN)?.content as AudiencesContent | undefined)?.markerKey;
}

export default function audiences(context: LoadContext, {sidebarLabels}: AudiencesOptions): Plugin<AudiencesContent> {
  let base: Condition = READERS;
  let copies: BundleCopies | null | undefined;
  let markers: MarkerSyntax | undefined;
  return {
    name: AUDIENCES_PLUGIN,
    loadContent() {
      // Not a secret (the browser may know it): it makes text shaped like a marker in a doc text, since no doc can know it.
      markers = new MarkerSyntax(randomBytes(6).toString('hex'));
      return {markerKey: markers.key};
    },
    allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      const conditions = conditionsIn(docs);
      base = conditions?.base ?? READERS;
      // The navbar links to the sidebars of the version served at the root, as Docusaurus's own navbar items do.
      const latest = docs?.loadedVersions.find((version) => version.isLast);
      const sidebarLinks = navbarSidebarLinks(
        (latest?.sidebars ?? {}) as Record<string, SidebarItem[]>,
        sidebarLabels,
        (id) => conditions?.doc(latest!.versionName, id),
        base,
      );
      actions.setGlobalData({publicPages: base === PUBLIC, sidebarLinks, markerKey: markers!.key} satisfies AudiencesGlobalData);
    },
    configureWebpack(config, isServer) {
      // The dev server has no gate to cut anything: it shows authors every page.
      if (process.env.NODE_ENV !== 'production') return {};
      // Once for both bundles, which Docusaurus configures one after the other.
      copies ??= writeBundleCopies(context.generatedFilesDir, {markers: markers!, base});
      if (copies === null) return {};
      // First, so that they win over Docusaurus's own `@generated` alias.
      config.resolve = {
        ...config.resolve,
        alias: {...(isServer ? copies.server : copies.client), ...(config.resolve?.alias as Record<string, string>)},
      };
      // Docusaurus removes its server bundle once every page is rendered: the pages rendered per view need it after.
      return isServer ? {plugins: [keepServerBundle(keptServerBundle(context.generatedFilesDir))]} : {};
    },
  };
}
