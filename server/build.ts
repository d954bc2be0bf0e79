/** What the gate learns from the build once, at start-up. */
import {randomUUID} from 'node:crypto';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {inlineScriptHashes} from './headers';
import {assetsReferencedBy, publicPathsFor} from './publicSurface';

export interface BuildInfo {
  /** Unique to this reading of the build: the same folder read again after a change is another build. */
  id: string;
  root: string;
  files: Set<string>;
  publicPaths: Set<string>;
  inlineScriptHashes: Set<string>;
  /** Stylesheets of the login page, which error pages borrow. */
  stylesheets: string[];
}

const PRECOMPRESSED = /\.(?:br|gz)$/;

export async function readBuild(root: string): Promise<BuildInfo> {
  let entries: string[];
  try {
    entries = await readdir(root, {recursive: true});
  } catch {
    throw new Error(`No build found at ${root}: run "npm run build" first.`);
  }
  const files = new Set(
    entries.map((entry) => entry.split(path.sep).join('/')).filter((file) => !PRECOMPRESSED.test(file)),
  );
  if (!files.has('login.html')) throw new Error(`${root} has no login.html: is it a Tutorial Hub build?`);

  const hashes = new Set<string>();
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    for (const hash of inlineScriptHashes(await readFile(path.join(root, file), 'utf8'))) hashes.add(hash);
  }
  const loginHtml = await readFile(path.join(root, 'login.html'), 'utf8');
  const publicPaths = publicPathsFor(loginHtml, files);
  const stylesheets = assetsReferencedBy(loginHtml).filter((asset) => asset.endsWith('.css') && publicPaths.has(asset));
  return {id: randomUUID(), root, files, publicPaths, inlineScriptHashes: hashes, stylesheets};
}
