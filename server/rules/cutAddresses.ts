/**
 * A reader's own copy of a script that differs by reader (main.js with the route table, the runtime with
 * its chunk tables, a version's sidebar data) has an address of its own, as every other script of the
 * build has: `main.5f3a2b1c.<tag>.js`. The pages a reader gets name their copies there (and the
 * runtime, the copies of the chunks it loads), so that a second page load revalidates none of them,
 * as on a site without audiences; the copy itself is cached for a year, like any hashed asset.
 *
 * A tag is a keyed hash of which of the script's pieces the reader gets (contracts/audienceMarkers.ts,
 * cutKey): the same for every reader who gets the same copy, and telling nothing of what the others
 * get, nor whether there is any (the key is the build's secret, in its map). An address whose tag is
 * not the requester's own answers as a file that does not exist. Pure.
 */
import {createHmac} from 'node:crypto';
import {cutKey, type Template} from '../../contracts/audienceMarkers';
import type {View} from '../../contracts/audiences';

export interface CutScripts {
  /** The build's scripts with markers, by file (`assets/js/main.5f3a2b1c.js`). */
  templates: ReadonlyMap<string, Template>;
  /** Which of them is the runtime, whose tables name the others' files. */
  runtime: string | undefined;
  /** The build's key for tags (its map's `cutSecret`). */
  secret: string;
}

const TAG = /^[0-9a-z]{10}$/;
const SCRIPT = /^(assets\/js\/.+)\.([0-9a-z]{10})\.js$/;

/** The build's scripts with markers among its templates; none: no script differs by reader. */
export function cutScriptsOf(templates: ReadonlyMap<string, Template>, secret: string): CutScripts | null {
  const scripts = new Map([...templates].filter(([file]) => /^assets\/js\/[^/]+\.js$/.test(file)));
  if (scripts.size === 0) return null;
  return {templates: scripts, runtime: [...scripts.keys()].find((file) => /\/runtime~main\.[^/]+\.js$/.test(file)), secret};
}

/** Which copy of a script a view gets: its own pieces, and for the runtime, which copy of each script it names. */
function copyKey(scripts: CutScripts, file: string, view: View): string {
  const own = cutKey(scripts.templates.get(file)!, view);
  if (file !== scripts.runtime) return own;
  return [own, ...[...scripts.templates].filter(([other]) => other !== file).map(([, template]) => cutKey(template, view))].join('|');
}

/** What a page's or the runtime's copy depends on besides its own pieces: which copy of every script the view gets. */
export function scriptsKey(scripts: CutScripts, view: View): string {
  return [...scripts.templates.keys()].map((file) => copyKey(scripts, file, view)).join('/');
}

export function scriptTag(scripts: CutScripts, file: string, view: View): string {
  const digest = createHmac('sha256', scripts.secret)
    .update(`${file}\0${copyKey(scripts, file, view)}`)
    .digest();
  return BigInt(`0x${digest.subarray(0, 8).toString('hex')}`)
    .toString(36)
    .padStart(10, '0')
    .slice(-10);
}

/** A script's address for a view, as a file path of the build's (no leading slash). */
export function scriptAddress(scripts: CutScripts, file: string, view: View): string {
  return `${file.slice(0, -'.js'.length)}.${scriptTag(scripts, file, view)}.js`;
}

/** The script an address names, with its tag, when it is a copy's address; null otherwise. */
export function scriptOfAddress(scripts: CutScripts | null, file: string): {file: string; tag: string} | null {
  const match = SCRIPT.exec(file);
  if (scripts === null || match === null || !TAG.test(match[2]!)) return null;
  const script = `${match[1]}.js`;
  return scripts.templates.has(script) ? {file: script, tag: match[2]!} : null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page's copy naming the view's copies of the scripts (where it loads or preloads them); the runtime's,
 * naming the copy of each chunk file its tables build addresses of (`id:"hash"` → `id:"hash.tag"`).
 */
export function withScriptAddresses(text: string, scripts: CutScripts, view: View, kind: 'page' | 'runtime'): string {
  if (kind === 'page') {
    const names = new RegExp(`/(${[...scripts.templates.keys()].map(escape).join('|')})(?=["'\\s>?#])`, 'g');
    return text.replace(names, (_path, file: string) => `/${scriptAddress(scripts, file, view)}`);
  }
  let out = text;
  for (const file of scripts.templates.keys()) {
    const hash = /\.([0-9a-f]{8})\.js$/.exec(file)?.[1];
    if (file === scripts.runtime || hash === undefined) continue;
    out = out.replace(new RegExp(`:"${hash}"(?=[,}])`, 'g'), `:"${hash}.${scriptTag(scripts, file, view)}"`);
  }
  return out;
}
