/**
 * The image's runtime stage installs only `dependencies` (npm ci --omit=dev) and runs the compiled
 * server (its `require`s, and the `import()` of what it loads only when needed): the two must match exactly, or the image fails at start or carries the site's build tools.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {builtinModules} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {packageNameOf} from '../../plugins/checkDocs/imports';

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {dependencies: Record<string, string>};

function requiredPackages(): Set<string> {
  const packages = new Set<string>();
  for (const file of readdirSync(DIST, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.js')) continue;
    for (const [, , specifier] of readFileSync(path.join(DIST, file), 'utf8').matchAll(/(?:require|import)\((["'])([^"']+)\1\)/g)) {
      if (specifier!.startsWith('.') || specifier!.startsWith('node:') || builtinModules.includes(specifier!)) continue;
      packages.add(packageNameOf(specifier!));
    }
  }
  return packages;
}

describe('the compiled gate server (dist/)', () => {
  it('requires only production dependencies, and every production dependency is one it requires', () => {
    expect([...requiredPackages()].sort()).toEqual(Object.keys(manifest.dependencies).sort());
  });

  it('holds only the server and the contracts, none of the site or the tests', () => {
    const folders = new Set(
      readdirSync(DIST, {recursive: true, encoding: 'utf8'})
        .filter((file) => file.endsWith('.js'))
        .map((file) => file.split(path.sep)[0]),
    );
    expect([...folders].sort()).toEqual(['contracts', 'server']);
  });
});
