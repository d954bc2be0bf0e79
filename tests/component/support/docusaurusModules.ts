/**
 * How the component tests load the site's components as Docusaurus's build does, with Docusaurus's own
 * client code: `@site/…` is the repository, `@docusaurus/<export>` core's client exports, `@theme/…` the
 * site's own component where src/theme has one and theme-classic's otherwise (`@theme-original/…`
 * theme-classic's), and `@generated/…` the test site of site.ts (the build writes those files). Docusaurus
 * ships its client code as JavaScript with JSX, which its bundler compiles: so does this plugin.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {transformWithEsbuild, type Plugin} from 'vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../../..');
const CORE_EXPORTS = path.join(REPO, 'node_modules/@docusaurus/core/lib/client/exports');
const THEME_CLASSIC = path.join(REPO, 'node_modules/@docusaurus/theme-classic/lib/theme');
const THEME_FALLBACK = path.join(REPO, 'node_modules/@docusaurus/core/lib/client/theme-fallback');
const SITE_THEME = path.join(REPO, 'src/theme');
const GENERATED = path.join(HERE, 'site.ts');
const VIRTUAL_GENERATED = '\0generated:';

/** The first file a component's name resolves to in `folder`, as a bundler resolves an extensionless import. */
function componentIn(folder: string, name: string, extensions: readonly string[]): string | undefined {
  const base = path.join(folder, name);
  return [...extensions.map((extension) => base + extension), ...extensions.map((extension) => path.join(base, `index${extension}`))].find(
    (file) => existsSync(file),
  );
}

export function docusaurusModules(): Plugin {
  return {
    name: 'tutorial-hub:docusaurus-modules',
    enforce: 'pre',
    resolveId(id, importer) {
      // As any other import of the file: the resolver finds its extension.
      if (id.startsWith('@site/')) return this.resolve(path.join(REPO, id.slice('@site/'.length)), importer, {skipSelf: true});
      if (id.startsWith('@generated/')) return VIRTUAL_GENERATED + id.slice('@generated/'.length);
      if (id.startsWith('@theme-original/')) return componentIn(THEME_CLASSIC, id.slice('@theme-original/'.length), ['.js']);
      if (id.startsWith('@theme/')) {
        const name = id.slice('@theme/'.length);
        return (
          componentIn(SITE_THEME, name, ['.tsx', '.ts']) ??
          componentIn(THEME_CLASSIC, name, ['.js']) ??
          componentIn(THEME_FALLBACK, name, ['.js'])
        );
      }
      const coreExport = /^@docusaurus\/([\w-]+)$/.exec(id);
      if (coreExport) return componentIn(CORE_EXPORTS, coreExport[1]!, ['.js']);
      return undefined;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_GENERATED)) return undefined;
      return `import {generated} from ${JSON.stringify(GENERATED)};\nexport default generated[${JSON.stringify(id.slice(VIRTUAL_GENERATED.length))}];`;
    },
    transform(code, id) {
      if (!/\/node_modules\/@docusaurus\/.+\.js$/.test(id)) return undefined;
      return transformWithEsbuild(code, id, {loader: 'jsx', jsx: 'automatic'});
    },
  };
}
