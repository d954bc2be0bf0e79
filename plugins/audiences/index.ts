/**
 * Who reads what, in the build: the browser bundle gets marked copies of the generated modules
 * (clientBundle.ts) so that the gate can send each reader their own, and the site learns whether it
 * has public pages (a visitor's chrome then leaves out what leads to the others). The docs plugin's
 * side is plugins/audiences/docs.ts, which config uses in place of the preset's docs plugin.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {AUDIENCES_PLUGIN, PUBLIC, type AudiencesGlobalData} from '../../contracts/audiences';
import {writeClientCopies} from './clientBundle';
import {conditionsIn} from './siteConditions';

export default function audiences(context: LoadContext): Plugin {
  return {
    name: AUDIENCES_PLUGIN,
    allContentLoaded({allContent, actions}) {
      const conditions = conditionsIn(allContent['docusaurus-plugin-content-docs']?.default);
      actions.setGlobalData({publicPages: conditions?.data.base === PUBLIC} satisfies AudiencesGlobalData);
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
