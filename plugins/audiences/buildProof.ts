/**
 * The last step of a build with audiences, before the gate's map is written: the leak proof over every
 * file the gate would send (leakProof.ts). A page whose code lists other pages beyond the build's marks
 * is rendered once per view (viewRender.ts) and proven again; whatever still names a page some of its
 * readers may not open stops the build, every finding at once, with its file, place, view and the page
 * it names.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {MarkerSyntax, Template} from '../../contracts/audienceMarkers';
import {isMarkable, TemplateError} from '../../contracts/audienceMarkers';
import {PUBLIC, type Condition} from '../../contracts/audiences';
import type {ViewPages} from '../../contracts/buildLayout';
import type {SearchSection} from '../../contracts/searchSections';
import {siteIdentities} from './identities';
import {describeFinding, LeakProof, type Finding} from './leakProof';
import {htmlFileOf} from './servedFiles';
import type {Conditions} from './siteConditions';
import {renderForViews, type ViewPage} from './viewRender';

/** Every file the proof reads: what a reader could read names in. Images, fonts and the like name nothing. */
const TEXT = /\.(?:html|js|mjs|cjs|json|css|xml|txt|md|svg|webmanifest|map|csv|yml|yaml)$/;

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

export class LeakError extends Error {
  constructor(readonly findings: readonly Finding[]) {
    super(
      [
        `The build would let readers learn of pages they may not open (${findings.length} finding${findings.length === 1 ? '' : 's'}); nothing of it can be served:`,
        ...findings.map((finding) => `  ${describeFinding(finding)}`),
        'A page, its head and its scripts are the same for all its readers: they may not name a page some of them may not open.',
        'Link to such a page with a Markdown link instead (the build makes it text for readers who may not open it, and check:docs lists it).',
        'A component that lists pages with Docusaurus’s hooks is rendered for each reader; one that names pages any other way cannot be:',
        'see CONTRIBUTING.md, "Components that list pages".',
      ].join('\n'),
    );
    this.name = 'LeakError';
  }
}

export interface ProofInput {
  outDir: string;
  /** Every file the gate may send, with its readers (servedFiles.ts and the search index). */
  served: ReadonlyMap<string, Condition>;
  versions: readonly LoadedVersion[];
  conditions: Conditions;
  sections: readonly (SearchSection & {condition: Condition})[];
  markers: MarkerSyntax;
  /** Docusaurus's server bundle, kept from the build (viewRender.ts), for the pages rendered per view. */
  serverBundle: string;
  /** Each page the build rendered: its file, and the route Docusaurus rendered it for. */
  pageRoutes: ReadonlyMap<string, string>;
}

/** What the proof did: the files it read, and the pages it had rendered per view (for the gate's map). */
export interface Proven {
  files: number;
  viewPages?: ViewPages;
  copies: number;
}

/** Proves the build, rendering per view the pages that need it. Throws LeakError. */
export async function proveBuild({
  outDir,
  served,
  versions,
  conditions,
  sections,
  markers,
  serverBundle,
  pageRoutes,
}: ProofInput): Promise<Proven> {
  const audiences = conditions.data.audiences;
  const readership = {audiences, publicPages: conditions.base === PUBLIC};
  const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
  const identities = await siteIdentities({
    versions,
    conditions,
    sections,
    html: (permalink) => read(htmlFileOf(permalink)).catch(() => null),
  });
  const proof = new LeakProof(identities, readership);
  const findings: Finding[] = [];
  let files = 0;
  for (const [file, condition] of served) {
    if (!TEXT.test(file)) continue;
    const text = await read(file);
    files++;
    findings.push(...proof.findingsIn({file, condition, text, template: templateOfFile(file, text, markers)}));
  }

  // Pages whose own code lists what some readers may not see: each reader gets a copy rendered for them.
  const rerendered = [...new Set(findings.map(({file}) => file).filter((file) => pageRoutes.has(file)))].map((file): ViewPage => ({
    file,
    route: pageRoutes.get(file)!,
    condition: served.get(file)!,
  }));
  if (rerendered.length === 0) {
    if (findings.length > 0) throw new LeakError(findings);
    return {files, copies: 0};
  }
  const {viewPages, copies} = await renderForViews(outDir, {
    bundleDir: serverBundle,
    pages: rerendered,
    audiences,
    publicPages: readership.publicPages,
    markers,
  });
  const again = copies.flatMap(({file, page, view, html}) =>
    proof.findingsIn({file, condition: page.condition, text: html, template: null, view}),
  );
  const remaining = [...findings.filter(({file}) => !viewPages.pages[file]), ...again];
  if (remaining.length > 0) throw new LeakError(remaining);
  return {files, viewPages, copies: copies.length};
}
