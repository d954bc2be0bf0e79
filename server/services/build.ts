/**
 * What the gate learns from a build once: `npm run build` writes two sites side by side, the
 * readers' site (`site/`) and the public login page (`login/`, docusaurus.login.config.ts).
 */
import {randomUUID} from 'node:crypto';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {AUDIENCE_MAP, listBuildFiles, LOGIN_DIR, LOGIN_PAGE, SITE_DIR, type AudienceMap} from '../../contracts/buildLayout';
import {conditionOfKey, READERS, type Condition} from '../../contracts/audiences';
import {templateOf, type Template} from '../../contracts/audienceMarkers';
import {inlineScriptHashes} from '../rules/headers';
import {forEachAtMost} from '../../contracts/concurrency';
import {chromeOf, type PageChrome} from '../rules/errorPages';

export interface BuildPart {
  root: string;
  /** Every file, relative, with forward slashes; precompressed copies left out. */
  files: Set<string>;
  /** Files with pieces only some readers may see (audience markers): the gate cuts each reader's copy. */
  templates: Map<string, Template>;
}

/** Who may fetch what of the readers' site, when its docs have audiences. */
export interface SiteAudiences {
  /** The audiences the docs define: the readers file may name these. */
  defined: ReadonlySet<string>;
  /** Who may fetch a file (one the build's list does not name is for every signed-in reader). */
  conditionOf: (file: string) => Condition;
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
  audiences: SiteAudiences;
  /** The login page and the files it loads: anyone may have them. */
  login: BuildPart;
  /** CSP hashes of the inline scripts of both. */
  inlineScriptHashes: Set<string>;
  /** What error pages borrow from the public login page. */
  chrome: PageChrome;
}

/** Files that may hold audience markers: pages, scripts and data. */
const MARKABLE = /\.(?:html|js|json)$/;
/** A few files at once: a build switch under load then waits no turn per file, and open handles stay bounded. */
const FILES_READ_AT_ONCE = 16;

async function readPart(root: string, hashes: Set<string>): Promise<BuildPart> {
  let files: Set<string>;
  try {
    files = new Set(listBuildFiles(root));
  } catch {
    throw new Error(`No build found at ${root}: run "npm run build" first.`);
  }
  const templates = new Map<string, Template>();
  const markable = [...files].filter((file) => MARKABLE.test(file));
  await forEachAtMost(markable, FILES_READ_AT_ONCE, async (file) => {
    const text = await readFile(path.join(root, file), 'utf8');
    let template: Template | null;
    try {
      template = templateOf(text, {commas: !file.endsWith('.html')});
    } catch (error) {
      // A build whose markers do not pair up cannot be cut safely for anyone: it is not served.
      throw new Error(
        `${path.join(root, file)}: its audience markers do not pair up (${(error as Error).message}); rebuild it with "npm run build".`,
      );
    }
    if (template) templates.set(file, template);
    if (file.endsWith('.html')) for (const hash of inlineScriptHashes(text)) hashes.add(hash);
  });
  return {root, files, templates};
}

const EVERY_READER: SiteAudiences = {defined: new Set(), conditionOf: () => READERS};

/** The build's list of who may fetch what; a site whose files hold markers must have one. */
async function readAudiences(root: string, site: BuildPart): Promise<SiteAudiences> {
  let text: string;
  try {
    text = await readFile(path.join(root, AUDIENCE_MAP), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (site.templates.size > 0) {
      throw new Error(`${site.root} has pages for some readers only, but no ${AUDIENCE_MAP} beside it: rebuild it with "npm run build".`);
    }
    return EVERY_READER;
  }
  const map = JSON.parse(text) as AudienceMap;
  const conditions = new Map(Object.entries(map.files).map(([file, key]) => [file, conditionOfKey(key)]));
  return {defined: new Set(map.audiences), conditionOf: (file) => conditions.get(file) ?? READERS};
}

export async function readBuild(root: string): Promise<BuildInfo> {
  const hashes = new Set<string>();
  const site = await readPart(path.join(root, SITE_DIR), hashes);
  const login = await readPart(path.join(root, LOGIN_DIR), hashes);
  if (!login.files.has(LOGIN_PAGE)) throw new Error(`${login.root} has no ${LOGIN_PAGE}: is ${root} a Tutorial Hub build?`);
  const chrome = chromeOf(await readFile(path.join(login.root, LOGIN_PAGE), 'utf8'), login.files);
  return {id: randomUUID(), root, site, audiences: await readAudiences(root, site), login, inlineScriptHashes: hashes, chrome};
}
