/**
 * What the gate learns from a build once: `npm run build` writes two sites side by side, the
 * readers' site (`site/`) and the public login page (`login/`, docusaurus.login.config.ts).
 */
import {randomUUID} from 'node:crypto';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {listBuildFiles, LOGIN_DIR, LOGIN_PAGE, SITE_DIR} from '../../contracts/buildLayout';
import {inlineScriptHashes} from '../rules/headers';
import {chromeOf, type PageChrome} from '../rules/errorPages';

export interface BuildPart {
  root: string;
  /** Every file, relative, with forward slashes; precompressed copies left out. */
  files: Set<string>;
}

/** Which build a file belongs to: its folder, and the identity of that reading of it. */
export interface BuildRef {
  id: string;
  root: string;
}

export interface BuildInfo {
  /** Unique to this reading of the build: the same folder read again after a change is another build. */
  id: string;
  root: string;
  /** The docs: only for signed-in readers. */
  site: BuildPart;
  /** The login page and the files it loads: anyone may have them. */
  login: BuildPart;
  /** CSP hashes of the inline scripts of both. */
  inlineScriptHashes: Set<string>;
  /** What error pages borrow from the public login page. */
  chrome: PageChrome;
}

async function readPart(root: string, hashes: Set<string>): Promise<BuildPart> {
  let files: Set<string>;
  try {
    files = new Set(listBuildFiles(root));
  } catch {
    throw new Error(`No build found at ${root}: run "npm run build" first.`);
  }
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    for (const hash of inlineScriptHashes(await readFile(path.join(root, file), 'utf8'))) hashes.add(hash);
  }
  return {root, files};
}

export async function readBuild(root: string): Promise<BuildInfo> {
  const hashes = new Set<string>();
  const site = await readPart(path.join(root, SITE_DIR), hashes);
  const login = await readPart(path.join(root, LOGIN_DIR), hashes);
  if (!login.files.has(LOGIN_PAGE)) throw new Error(`${login.root} has no ${LOGIN_PAGE}: is ${root} a Tutorial Hub build?`);
  const chrome = chromeOf(await readFile(path.join(login.root, LOGIN_PAGE), 'utf8'), login.files);
  return {id: randomUUID(), root, site, login, inlineScriptHashes: hashes, chrome};
}
