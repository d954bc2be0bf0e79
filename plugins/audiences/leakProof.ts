/**
 * The build's proof that no reader can learn of a page they may not open: every text file the gate
 * would send (pages, the not-found page included, scripts, data, search indexes, whatever a plugin
 * wrote), as the gate would cut it for each view, is searched for what names another page: its title,
 * address, headings, description, sidebar label (and a version's or a section's label and address).
 *
 * Views are not enumerated: for each place a name stands, what decides who gets it is the file's
 * condition and the conditions of the marked pieces around it (contracts/audienceMarkers.ts). A leak is
 * a view that meets all of those and none of the pages the name belongs to; leakWitness finds one, or
 * proves there is none. A name several pages share belongs to all of them ("Next steps" on a page every
 * reader may open names no restricted page). Pure; plugins/servedBuild.ts feeds it the build.
 */
import {decodeHTML} from 'entities';
import {isVisible, isVisitorView, PUBLIC, READERS, type Condition, type View} from '../../contracts/audiences';
import {isMarkable, TemplateError, type MarkerSyntax, type Template} from '../../contracts/audienceMarkers';

export type IdentifierKind = 'title' | 'address' | 'last segment' | 'heading' | 'description' | 'sidebar label' | 'label';

/** Something of the site that only some readers may know of: a page, a version, a section, a sidebar category. */
export interface Identity {
  /** How a finding names it: the page's address, or `version 0.9`, `category "Partner API"`. */
  name: string;
  condition: Condition;
  identifiers: {kind: IdentifierKind; value: string}[];
}

/** A file as the gate sends it: its readers, its text, and its markers (null: sent whole). */
export interface ServedText {
  file: string;
  condition: Condition;
  text: string;
  template: Template | null;
  /** The one view this copy of a page is for (a page rendered per view: viewRender.ts), when it is for one. */
  view?: View;
}

export interface Finding {
  file: string;
  line: number;
  column: number;
  /** The view that gets it: the audiences of a reader (none: a reader in no audience), or null for a visitor who is not signed in. */
  view: string[] | null;
  /** What it names, and of what. */
  kind: IdentifierKind;
  value: string;
  names: string;
  /** Where in a page it stands (the navbar, the sidebar, the content…), when the file is a page. */
  region?: string;
}

/** Who in the site might read something: whether visitors who are not signed in may read its public pages. */
export interface Readership {
  publicPages: boolean;
}

/**
 * A view that gets something inside all of `around` (the file's condition and its marked pieces') and
 * may read none of `owners` (the conditions of everything the thing names): the audiences of such a
 * reader, null for a visitor, or undefined when there is none.
 */
export function leakWitness(
  around: readonly Condition[],
  owners: readonly Condition[],
  {publicPages}: Readership,
): string[] | null | undefined {
  if (owners.includes(PUBLIC)) return undefined;
  if (publicPages && around.every((condition) => condition === PUBLIC)) return null;
  if (owners.includes(READERS)) return undefined;
  const forbidden = new Set(owners.flatMap((condition) => (typeof condition === 'string' ? [] : condition)));
  const witness = new Set<string>();
  for (const condition of around) {
    if (typeof condition === 'string') continue;
    if (condition.some((name) => witness.has(name))) continue;
    const allowed = condition.find((name) => !forbidden.has(name));
    if (allowed === undefined) return undefined;
    witness.add(allowed);
  }
  return [...witness].sort();
}

/** A view as a witness: its audiences, or null for a visitor. */
export function witnessOf(view: View): string[] | null {
  return isVisitorView(view) ? null : [...view].filter((name) => name !== PUBLIC && name !== READERS).sort();
}

/** How a finding's view reads in a message. */
export function describeWitness(witness: string[] | null): string {
  if (witness === null) return 'a visitor who is not signed in';
  return witness.length === 0 ? 'a reader in no audience' : `a reader in ${witness.join(' and ')}`;
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

interface Owners {
  kind: IdentifierKind;
  value: string;
  identities: Identity[];
}

const PATH_BODY = String.raw`\/[\w%.~@+-]+(?:\/[\w%.~@+-]+)*`;
// Not inside a word, a path, an address or a closing tag (`</footer>`).
const PATH = new RegExp(String.raw`(?<![\w./:<-])` + PATH_BODY, 'g');

/** Every identifier of every identity, by value: texts (titles, labels…) and paths (addresses, last segments). */
class IdentifierIndex {
  readonly texts = new Map<string, Owners>();
  readonly paths = new Map<string, Owners>();
  /** The lengths of the shortest and the longest text a name is. */
  shortest = Infinity;
  longest = 0;
  /** A path written after the site's own origin (`https://docs.example.com/team-handbook`): PATH leaves it. */
  readonly ownAddress: RegExp | undefined;

  constructor(identities: readonly Identity[], siteUrl?: string) {
    const origin = siteUrl === undefined ? undefined : URL.canParse(siteUrl) ? new URL(siteUrl).origin : undefined;
    this.ownAddress =
      origin === undefined ? undefined : new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(${PATH_BODY})`, 'gi');
    for (const identity of identities) {
      for (const {kind, value} of identity.identifiers) {
        const isPath = kind === 'address' || kind === 'last segment';
        const key = isPath ? value : normal(value);
        // A heading of one word ("Table", "Versions") is a word code uses too: it names no page. So is anything of one or two letters.
        if (key.length < 3 || (kind === 'heading' && !key.includes(' ')) || key === '/') continue;
        const index = isPath ? this.paths : this.texts;
        if (!isPath) [this.shortest, this.longest] = [Math.min(this.shortest, key.length), Math.max(this.longest, key.length)];
        const known = index.get(key);
        if (known === undefined) index.set(key, {kind, value: key, identities: [identity]});
        else if (!known.identities.includes(identity)) known.identities.push(identity);
      }
    }
  }
}

function decodeLiteral(body: string): string {
  return body.replace(/\\(u\{[0-9a-f]+\}|u[0-9a-f]{4}|x[0-9a-f]{2}|[\s\S])/gi, (_escape, code: string) => {
    if (/^u\{/i.test(code)) return String.fromCodePoint(parseInt(code.slice(2, -1), 16));
    if (/^[ux]/i.test(code) && code.length > 1) return String.fromCharCode(parseInt(code.slice(1), 16));
    return {n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0'}[code] ?? code;
  });
}

/** Called with each text a file holds where a name would stand, and where it starts. */
type Visit = (text: string, at: number) => void;

const decodedHtml = (text: string) => (text.includes('&') ? decodeHTML(text) : text);
const decodedLiteral = (text: string) => (text.includes('\\') ? decodeLiteral(text) : text);

/** In a page: every text between tags (React's `<!-- -->` between pieces of text too) and every attribute value. */
function htmlUnits(html: string, visit: Visit): void {
  for (const match of html.matchAll(/>([^<]+)</g)) visit(decodedHtml(match[1]!), match.index + 1);
  for (const match of html.matchAll(/=(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g))
    visit(decodedHtml(match[1] ?? match[2] ?? match[3]!), match.index + 1);
}

/** In a script or data: every string literal. */
function literalUnits(code: string, visit: Visit): void {
  for (const match of code.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\$]|\\.|\$(?!\{))*)`/g)) {
    visit(decodedLiteral(match[1] ?? match[2] ?? match[3]!), match.index);
  }
}

/** In any other text (a list of pages, a feed): each line, and each text in brackets or between tags. */
function plainUnits(text: string, visit: Visit): void {
  for (const match of text.matchAll(/[^\n]+/g)) visit(match[0], match.index);
  for (const match of text.matchAll(/\[([^\]\n]+)\]|>([^<\n]+)</g)) visit(match[1] ?? match[2]!, match.index + 1);
}

/** A route's key in the bundle's tables is its path and a short hash (`/team-handbook-1f1`). */
const ROUTE_KEY = /-[0-9a-f]{3}$/;

/**
 * The identity a path names: the whole path (a page's address, or a last segment standing alone), else
 * the address it begins with, else the page of a route's key. A last segment inside a longer path
 * (`/guides/setup` beside a restricted `/partners/setup`) names no page.
 */
function ownersOfPath(path: string, paths: ReadonlyMap<string, Owners>): Owners | undefined {
  let decoded = path;
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // Not percent-encoding: as written.
    }
  }
  const whole = paths.get(decoded);
  if (whole) return whole;
  for (let end = decoded.indexOf('/', 1); end !== -1; end = decoded.indexOf('/', end + 1)) {
    const found = paths.get(decoded.slice(0, end));
    if (found?.kind === 'address') return found;
  }
  return ROUTE_KEY.test(decoded) ? paths.get(decoded.slice(0, -4)) : undefined;
}

/** The conditions of the marked pieces around each of some offsets (sorted), in order. */
function enclosingAt(template: Template | null, offsets: readonly number[]): Condition[][] {
  if (template === null) return offsets.map(() => []);
  const out: Condition[][] = [];
  const stack: Condition[] = [];
  let next = 0;
  for (const offset of offsets) {
    while (next < template.markers.length && template.markers[next]!.start <= offset) {
      const marker = template.markers[next++]!;
      if (marker.condition === null) stack.pop();
      else stack.push(marker.condition);
    }
    out.push([...stack]);
  }
  return out;
}

/** Landmarks of a page, innermost first when nested: where a name in a page stands. */
const REGIONS: [tag: string, region: string][] = [
  ['article', "the page's content (its Markdown or MDX, or a remark or rehype plugin of site.config.ts)"],
  ['aside', 'the sidebar'],
  ['nav', 'the navbar or a menu'],
  ['footer', 'the footer'],
  ['head', "the page's head (its title and meta tags)"],
];

function regionAt(html: string, offset: number): string {
  const before = html.slice(0, offset);
  let best: {at: number; region: string} | undefined;
  for (const [tag, region] of REGIONS) {
    const opens = [...before.matchAll(new RegExp(`<${tag}[\\s>]`, 'g'))];
    const closes = before.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
    if (opens.length > closes) {
      const at = opens[opens.length - 1]!.index;
      if (best === undefined || at > best.at) best = {at, region};
    }
  }
  return best?.region ?? 'a component of the page';
}

function lineAndColumn(text: string, offset: number): {line: number; column: number} {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return {line, column: offset - lineStart + 1};
}

/** Files that hold nothing a reader reads names in (images, fonts, media, archives), whatever the case of their names. */
const NO_TEXT = /\.(?:png|jpe?g|gif|webp|avif|ico|bmp|tiff?|woff2?|ttf|otf|eot|pdf|zip|gz|br|tgz|mp3|mp4|m4a|webm|ogg|wav|wasm)$/i;

/** Whether the proof reads a file: any file but those NO_TEXT names, whatever a plugin called it. */
export const mayNameAPage = (file: string): boolean => !NO_TEXT.test(file);

/** A file's bytes as the proof reads them, or null for bytes that are no text (a NUL in the first 8,000, as git tells). */
export function proofTextOf(bytes: Buffer): string | null {
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
}

/** Everything a file names that some view of it may not read. */
function leaksIn(file: ServedText, index: IdentifierIndex, readership: Readership): Finding[] {
  const {text} = file;
  const html = /\.html?$/i.test(file.file);
  const hits: {at: number; owners: Owners}[] = [];
  const {texts, paths, shortest, longest} = index;
  const visit: Visit = (unit, at) => {
    // Most texts are no name of anything: too short or too long to be one, they are not looked up.
    if (unit.length < shortest || unit.length > longest + 8) return;
    const owners = texts.get(unit) ?? (/^\s|\s$|\s\s|[\t\n]/.test(unit) ? texts.get(normal(unit)) : undefined);
    if (owners) hits.push({at, owners});
  };
  if (html) htmlUnits(text, visit);
  else if (/\.(?:js|json|mjs|cjs|css)$/i.test(file.file)) literalUnits(text, visit);
  else plainUnits(text, visit);
  for (const match of text.matchAll(PATH)) {
    const owners = ownersOfPath(match[0], paths);
    if (owners) hits.push({at: match.index, owners});
  }
  for (const match of index.ownAddress ? text.matchAll(index.ownAddress) : []) {
    const owners = ownersOfPath(match[1]!, paths);
    if (owners) hits.push({at: match.index, owners});
  }
  hits.sort((a, b) => a.at - b.at);
  const around = enclosingAt(
    file.template,
    hits.map(({at}) => at),
  );
  const findings: Finding[] = [];
  hits.forEach(({at, owners}, i) => {
    const conditions = owners.identities.map((identity) => identity.condition);
    const witness =
      file.view === undefined
        ? leakWitness([file.condition, ...around[i]!], conditions, readership)
        : conditions.some((condition) => isVisible(condition, file.view!))
          ? undefined
          : witnessOf(file.view);
    if (witness === undefined) return;
    findings.push({
      file: file.file,
      ...lineAndColumn(text, at),
      view: witness,
      kind: owners.kind,
      value: owners.value,
      names: owners.identities.map((identity) => identity.name).join(', '),
      ...(html ? {region: regionAt(text, at)} : {}),
    });
  });
  return findings;
}

/** The leak proof over a build's files, one at a time: the identities are indexed once. */
export class LeakProof {
  private readonly index: IdentifierIndex;

  /** `siteUrl`: the site's own address (its config's `url`), under which a full address names a page as its path does. */
  constructor(
    identities: readonly Identity[],
    private readonly readership: Readership,
    siteUrl?: string,
  ) {
    this.index = new IdentifierIndex(identities, siteUrl);
  }

  /** Every finding in a file, in order. */
  findingsIn(file: ServedText): Finding[] {
    return leaksIn(file, this.index, this.readership);
  }
}

/** One finding as the build says it: file and place, what it names, who would get it, and where in the page. */
export function describeFinding({file, line, column, view, kind, value, names, region}: Finding): string {
  return `${file}:${line}:${column}: ${describeWitness(view)} would get the ${kind} "${value}" of ${names}${region ? `, in ${region}` : ''}`;
}

/** A page's markers for the proof and the gate alike; markers that do not pair up stop the build, naming the file. */
export function templateOfFile(file: string, text: string, markers: MarkerSyntax): Template | null {
  if (!isMarkable(file)) return null;
  try {
    return markers.templateOf(text, {commas: !file.endsWith('.html')});
  } catch (error) {
    if (error instanceof TemplateError) throw new Error(`${file}: its audience markers do not pair up (${error.message}).`);
    throw error;
  }
}
