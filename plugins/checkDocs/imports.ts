/**
 * Where the modules an MDX doc imports come from, as the build resolves them: a file beside the doc, the
 * site (`@site/`), a theme component (`@theme/`, the site's `src/theme` first), Docusaurus's client API
 * (`@docusaurus/Link`), or an npm package. A doc importing a package the site does not have stops the
 * build after a long wait; `check:docs` names it at once, with the command that installs it.
 */
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';

/** The file names the bundler tries for an import without its extension, or of a folder. */
const SUFFIXES = ['', '.js', '.jsx', '.ts', '.tsx', '.mdx', '.md', '.json', '/index.js', '/index.jsx', '/index.ts', '/index.tsx'];

/** Where `@theme/Name` is looked for after the site's own `src/theme`: the themes this site installs. */
const THEME_PACKAGES = ['@docusaurus/theme-classic/lib/theme', '@easyops-cn/docusaurus-search-local/dist/client/client/theme'];

const THEME_ALIAS = /^@theme(?:-original|-init)?\//;
/** Docusaurus's client API (`@docusaurus/Link`, `@docusaurus/useBaseUrl`, …) as an author would misspell it; packages are lower case. */
const CLIENT_API = /^@docusaurus\/(?:[A-Z]|use[A-Z])/;

/** Pure: the npm package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Pure: the npm package an import names, or null for a path or one of Docusaurus's aliases. */
function packageOf(source: string): string | null {
  if (source.startsWith('.') || path.isAbsolute(source) || source.startsWith('@site/') || THEME_ALIAS.test(source)) return null;
  return source.startsWith('@generated/') ? null : packageNameOf(source);
}

/** Pure: what is wrong with an import the site cannot resolve, in an author's words. */
export function unresolvedImport(source: string): string {
  const name = packageOf(source);
  if (name !== null && !CLIENT_API.test(source)) {
    return `imports ${source}, a package this site does not have: install it with \`npm install --save-dev ${name}\` (a dev dependency: the build needs it, the gate server does not)`;
  }
  if (THEME_ALIAS.test(source)) return `imports ${source}: no such theme component in src/theme or the installed themes`;
  if (CLIENT_API.test(source)) return `imports ${source}: Docusaurus has no such client module`;
  return `imports ${source}: no such file`;
}

/** Whether the site resolves `source`, imported by `fromFile` (both relative to `siteDir`). */
export function importResolver(siteDir: string): (source: string, fromFile: string) => boolean {
  const isFile = (candidate: string) => existsSync(candidate) && statSync(candidate).isFile();
  const fileAt = (base: string) => SUFFIXES.some((suffix) => isFile(base + suffix));
  // As Node finds a package: in node_modules here or in a folder above.
  const installed = (subpath: string) => {
    for (let dir = siteDir; ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'node_modules', subpath))) return path.join(dir, 'node_modules', subpath);
      if (path.dirname(dir) === dir) return null;
    }
  };
  return (source, fromFile) => {
    if (source.startsWith('.') || path.isAbsolute(source)) return fileAt(path.resolve(siteDir, path.dirname(fromFile), source));
    if (source.startsWith('@site/')) return fileAt(path.join(siteDir, source.slice('@site/'.length)));
    if (source.startsWith('@generated/')) return true;
    if (THEME_ALIAS.test(source)) {
      const name = source.replace(THEME_ALIAS, '');
      if (fileAt(path.join(siteDir, 'src/theme', name))) return true;
      return THEME_PACKAGES.some((theme) => {
        const dir = installed(theme);
        return dir !== null && fileAt(path.join(dir, name));
      });
    }
    if (source.startsWith('@docusaurus/')) {
      const exports = installed('@docusaurus/core/lib/client/exports');
      if (exports !== null && fileAt(path.join(exports, source.slice('@docusaurus/'.length)))) return true;
    }
    return installed(packageNameOf(source)) !== null;
  };
}
