/**
 * The theme's colours as the site's stylesheets set them, without a browser: Infima's custom properties
 * overridden by the site's (src/css/custom.css), in the light mode (`:root`) or the dark one
 * (`[data-theme='dark']` over the light), each `var()` resolved. And a CSS module's declarations, to
 * know which of them a rule uses.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {REPO} from '../../testkit/siteCopy';

export type Scheme = 'light' | 'dark';

const STYLESHEETS = [path.join(REPO, 'node_modules/infima/dist/css/default/default.css'), path.join(REPO, 'src/css/custom.css')];
const DARK_SELECTORS = new Set(["html[data-theme='dark']", "[data-theme='dark']"]);

/** Each rule of a stylesheet, comments left out: its selectors and its declarations, in order (a rule in a media query too). */
function rulesOf(css: string): {selectors: string[]; declarations: [string, string][]}[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...plain.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
    selectors: selectors!.split(',').map((selector) => selector.trim().replace(/"/g, "'")),
    declarations: body!
      .split(';')
      .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim().replace(/\s+/g, ' ')) as [string, string])
      .filter(([property, value]) => property && value !== undefined),
  }));
}

/** Every custom property of the scheme, as written. */
function customProperties(scheme: Scheme): Map<string, string> {
  const properties = new Map<string, string>();
  for (const pass of scheme === 'light' ? ['light'] : ['light', 'dark']) {
    for (const file of STYLESHEETS) {
      for (const {selectors, declarations} of rulesOf(readFileSync(file, 'utf8'))) {
        const applies = pass === 'light' ? selectors.includes(':root') : selectors.some((selector) => DARK_SELECTORS.has(selector));
        if (!applies) continue;
        for (const [property, value] of declarations) if (property.startsWith('--')) properties.set(property, value);
      }
    }
  }
  return properties;
}

/** A value with each `var(--name)` in it replaced by the property's value in the scheme. */
export function resolveInScheme(value: string, scheme: Scheme): string {
  const properties = customProperties(scheme);
  const resolve = (text: string, depth: number): string => {
    if (depth > 20) throw new Error(`var() nested too deep: ${value}`);
    return text.replace(/var\((--[\w-]+)\)/g, (_, name: string) => {
      const found = properties.get(name);
      if (found === undefined) throw new Error(`${name} is set by neither Infima nor the site, in the ${scheme} mode`);
      return resolve(found, depth + 1);
    });
  };
  return resolve(value, 0);
}

/** The value a CSS module's rule for `selector` (exactly, one of its selector list) gives `property`: the last such declaration. */
export function declaredValue(cssModule: string, selector: string, property: string): string {
  const values = rulesOf(readFileSync(path.join(REPO, cssModule), 'utf8'))
    .filter((rule) => rule.selectors.includes(selector))
    .flatMap((rule) => rule.declarations.filter(([name]) => name === property).map(([, value]) => value));
  if (values.length === 0) throw new Error(`${cssModule} gives ${selector} no ${property}`);
  return values.at(-1)!;
}
