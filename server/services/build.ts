/**
 * What the gate learns from a build once: `npm run build` writes two sites side by side, the
 * readers' site (`site/`) and the public login page (`login/`, docusaurus.login.config.ts).
 *
 * The readers' site is served only with the map its build wrote last (contracts/buildLayout.ts,
 * AUDIENCE_MAP): who may fetch each file. A file the map does not name goes to nobody, and a site
 * without a map (a build that stopped half-way, or one made some other way) is not served at all.
 */
import {randomUUID} from 'node:crypto';
import {access, readFile} from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIENCE_MAP,
  listBuildFiles,
  LOGIN_DIR,
  LOGIN_PAGE,
  SITE_DIR,
  SITE_PLACES,
  type AudienceMap,
  type ViewPages,
} from '../../contracts/buildLayout';
import type {SitePlaces} from '../../contracts/insights';
import {conditionOfKey, type Condition} from '../../contracts/audiences';
import {isMarkable, MarkerSyntax, TemplateError, type Template} from '../../contracts/audienceMarkers';
import {inlineScriptHashes} from '../rules/headers';
import {forEachAtMost} from '../../contracts/concurrency';
import {chromeOf, type PageChrome} from '../rules/errorPages';
import {cutScriptsOf, type CutScripts} from '../rules/cutAddresses';

export interface BuildPart {
  root: string;
  /** Every file that may be sent, relative, with forward slashes; precompressed copies left out. */
  files: Set<string>;
  /** Files with pieces only some readers may see (audience markers): the gate cuts each reader's copy. */
  templates: Map<string, Template>;
}

/** Who may fetch what of the readers' site. */
export interface SiteAudiences {
  /** The audiences the docs define: the readers file may name these. */
  defined: ReadonlySet<string>;
  /** Who may fetch a file of the site (one of `site.files`). */
  conditionOf: (file: string) => Condition;
  /** Pages rendered per view, when the site has some: each view's kind gets its own copy. */
  viewPages?: ViewPages;
  /** Who may open a route now (undefined: the build has none at that path). */
  routeCondition: (route: string) => Condition | undefined;
  /** The routes a chunk of a few routes belongs to (none for shared code). */
  routesOfFile: (file: string) => readonly string[];
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
  /** The site's scripts that differ by reader, whose copies have addresses of their own (none: no script does). */
  scripts: CutScripts | null;
  /** Where each page is, by version and section (insights are filed by it). */
  places: SitePlaces;
}

/** A build from before places were written files every page under one version, at the root. */
const UNPLACED: SitePlaces = {versions: [{name: 'current', path: '/'}], sections: []};

async function readPlaces(root: string): Promise<SitePlaces> {
  try {
    return JSON.parse(await readFile(path.join(root, SITE_PLACES), 'utf8')) as SitePlaces;
  } catch {
    return UNPLACED;
  }
}

/** A few files at once: a build switch under load then waits no turn per file, and open handles stay bounded. */
const FILES_READ_AT_ONCE = 16;

function listed(root: string): string[] {
  try {
    return listBuildFiles(root);
  } catch {
    throw new Error(`No build found at ${root}: run "npm run build" first.`);
  }
}

async function readPart(root: string, files: Set<string>, hashes: Set<string>, markers?: MarkerSyntax): Promise<BuildPart> {
  const templates = new Map<string, Template>();
  await forEachAtMost([...files], FILES_READ_AT_ONCE, async (file) => {
    const html = file.endsWith('.html');
    if (!html && !(markers && isMarkable(file))) return;
    const text = await readFile(path.join(root, file), 'utf8');
    if (html) for (const hash of inlineScriptHashes(text)) hashes.add(hash);
    if (!markers || !isMarkable(file)) return;
    try {
      const template = markers.templateOf(text, {commas: !html});
      if (template) templates.set(file, template);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      // A build whose markers do not pair up cannot be cut safely for anyone: it is not served.
      throw new Error(`${path.join(root, file)}: its audience markers do not pair up (${error.message}); rebuild it with "npm run build".`);
    }
  });
  return {root, files, templates};
}

/** The site's map, checked against the files beside it: a map of another build is not this one's. */
async function readAudienceMap(root: string, onDisk: ReadonlySet<string>): Promise<AudienceMap> {
  let map: AudienceMap;
  try {
    map = JSON.parse(await readFile(path.join(root, AUDIENCE_MAP), 'utf8')) as AudienceMap;
  } catch (error) {
    throw new Error(
      `${root} has no readable ${AUDIENCE_MAP} (${(error as Error).message.split('\n')[0]}): its build did not finish, so nobody may have any of it. Rebuild it with "npm run build".`,
    );
  }
  if (
    map.format !== 2 ||
    typeof map.markerKey !== 'string' ||
    typeof map.cutSecret !== 'string' ||
    [map.files, map.routes, map.fileRoutes].some((part) => typeof part !== 'object')
  ) {
    throw new Error(
      `${path.join(root, AUDIENCE_MAP)} is not a map this gate reads (format ${String(map.format)}): rebuild the site with "npm run build".`,
    );
  }
  const copies = Object.values(map.viewPages?.pages ?? {}).flatMap((byKind) => Object.values(byKind));
  const absent = await Promise.all(
    copies.map((file) =>
      access(path.join(root, file)).then(
        () => null,
        () => file,
      ),
    ),
  );
  const missing = [...Object.keys(map.files).filter((file) => !onDisk.has(file)), ...absent.filter((file) => file !== null)];
  if (missing.length > 0) {
    throw new Error(
      `${path.join(root, AUDIENCE_MAP)} names files its build does not have (${missing.slice(0, 3).join(', ')}…): it is another build's map.`,
    );
  }
  return map;
}

export async function readBuild(root: string): Promise<BuildInfo> {
  const hashes = new Set<string>();
  const siteRoot = path.join(root, SITE_DIR);
  const onDisk = new Set(listed(siteRoot));
  const map = await readAudienceMap(siteRoot, onDisk);
  const conditions = new Map(Object.entries(map.files).map(([file, key]) => [file, conditionOfKey(key)]));
  const site = await readPart(siteRoot, new Set(conditions.keys()), hashes, new MarkerSyntax(map.markerKey));
  const loginRoot = path.join(root, LOGIN_DIR);
  const login = await readPart(loginRoot, new Set(listed(loginRoot)), hashes);
  if (!login.files.has(LOGIN_PAGE)) throw new Error(`${login.root} has no ${LOGIN_PAGE}: is ${root} a Tutorial Hub build?`);
  const chrome = chromeOf(await readFile(path.join(login.root, LOGIN_PAGE), 'utf8'), login.files);
  const audiences: SiteAudiences = {
    defined: new Set(map.audiences),
    // Only the map's files are the site's (`site.files`): each has its condition.
    conditionOf: (file) => conditions.get(file)!,
    ...(map.viewPages ? {viewPages: map.viewPages} : {}),
    routeCondition: (route) => (Object.hasOwn(map.routes, route) ? conditionOfKey(map.routes[route]!) : undefined),
    routesOfFile: (file) => (Object.hasOwn(map.fileRoutes, file) ? map.fileRoutes[file]! : []),
  };
  const scripts = cutScriptsOf(site.templates, map.cutSecret);
  const places = await readPlaces(siteRoot);
  return {id: randomUUID(), root, site, audiences, login, inlineScriptHashes: hashes, chrome, scripts, places};
}
