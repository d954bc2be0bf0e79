/**
 * The last step of a build with audiences, before the gate's map is written: the leak proof over every
 * file the gate would send (leakProof.ts). A page whose code lists other pages beyond the build's marks
 * is rendered once per view (viewRender.ts) and proven again; whatever still names a page some of its
 * readers may not open stops the build, every finding at once, with its file, place, view and the page
 * it names.
 */
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import type {MarkerSyntax} from '../../contracts/audienceMarkers';
import {conditionKey, PUBLIC, type Condition} from '../../contracts/audiences';
import type {ViewPages} from '../../contracts/buildLayout';
import type {SearchSection} from '../../contracts/searchSections';
import {siteIdentities} from './identities';
import {
  describeFinding,
  describeWitness,
  LeakProof,
  mayNameAPage,
  proofTextOf,
  templateOfFile,
  witnessOf,
  type Finding,
  type Identity,
  type Readership,
} from './leakProof';
import type {ProofJob} from './proofChild';
import {htmlFileOf} from './servedFiles';
import type {Conditions} from './siteConditions';
import {runTsChild} from '../tsChild';
import {renderForViews, type RenderFailure, type ViewPage} from './viewRender';

const PROOF_CHILD = path.resolve(__dirname, 'proofChild.ts');

export class LeakError extends Error {
  constructor(
    readonly findings: readonly Finding[],
    readonly failures: readonly RenderFailure[] = [],
  ) {
    const count = findings.length + failures.length;
    super(
      [
        `The build would let readers learn of pages they may not open (${count} finding${count === 1 ? '' : 's'}); nothing of it can be served:`,
        ...findings.map((finding) => `  ${describeFinding(finding)}`),
        ...failures.map(({file, view, message}) =>
          view === undefined
            ? `  ${file}: a component of the page cannot be rendered with what all its readers share, for the search index: it needs a page some of them may not open (${message})`
            : `  ${file}: a component of the page cannot be rendered for ${describeWitness(witnessOf(view))}, who may not open a page it names (${message})`,
        ),
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
  /** The site's own address (its config's `url`). */
  siteUrl: string;
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

/**
 * The proof of one build, in steps: everything the build wrote (proveFilesAside, in a process of its
 * own); the pages that need it rendered per view and proven as each view gets them (renderPages); what
 * is written after, the search index (proveFiles). `finish` stops the build on any finding.
 */
export class BuildProof {
  private readonly findings: Finding[] = [];
  private readonly failures: RenderFailure[] = [];
  private files = 0;
  private rendered?: {viewPages: ViewPages; copies: number};

  private readonly proof: LeakProof;

  private constructor(
    private readonly input: ProofInput,
    private readonly identities: Identity[],
    private readonly readership: Readership,
  ) {
    this.proof = new LeakProof(identities, readership, input.siteUrl);
  }

  static async start(input: ProofInput): Promise<BuildProof> {
    const {outDir, versions, conditions, sections} = input;
    const identities = await siteIdentities({
      versions,
      conditions,
      sections,
      html: (permalink) => readFile(path.join(outDir, htmlFileOf(permalink)), 'utf8').catch(() => null),
    });
    return new BuildProof(input, identities, {publicPages: conditions.base === PUBLIC});
  }

  /** Proves files as the gate sends them (the few the search index writes), here. */
  async proveFiles(served: ReadonlyMap<string, Condition>): Promise<void> {
    for (const [file, condition] of served) {
      const text = mayNameAPage(file) ? proofTextOf(await readFile(path.join(this.input.outDir, file))) : null;
      if (text === null) continue;
      this.files++;
      this.findings.push(...this.proof.findingsIn({file, condition, text, template: templateOfFile(file, text, this.input.markers)}));
    }
  }

  /**
   * Proves the build's files (its pages, scripts, data: thousands) in a process of its own (proofChild.ts),
   * on the core the search indexer leaves idle; resolves with what it found.
   */
  async proveFilesAside(served: ReadonlyMap<string, Condition>): Promise<Finding[]> {
    const files = [...served]
      .filter(([file]) => mayNameAPage(file))
      .map(([file, condition]): [string, string] => [file, conditionKey(condition)]);
    const dir = await mkdtemp(path.join(tmpdir(), 'tutorial-hub-proof-'));
    try {
      const job: ProofJob = {
        outDir: this.input.outDir,
        siteUrl: this.input.siteUrl,
        files,
        identities: this.identities,
        readership: this.readership,
        markerKey: this.input.markers.key,
      };
      await writeFile(path.join(dir, 'job.json'), JSON.stringify(job));
      await runTsChild(
        PROOF_CHILD,
        [path.join(dir, 'job.json'), path.join(dir, 'findings.json')],
        `The leak proof of ${this.input.outDir}`,
      );
      const found = JSON.parse(await readFile(path.join(dir, 'findings.json'), 'utf8')) as Finding[];
      this.files += files.length;
      this.findings.push(...found);
      return found;
    } finally {
      await rm(dir, {recursive: true, force: true});
    }
  }

  /**
   * Renders per view each page in which the proof found another reader's page (`found`), and proves
   * each copy as its view gets it; returns each such page as all its readers share it (what the search
   * index reads of it instead), or undefined when there were none.
   */
  async renderPages(found: readonly Finding[], served: ReadonlyMap<string, Condition>): Promise<Map<string, string> | undefined> {
    const {outDir, pageRoutes, serverBundle, markers, conditions} = this.input;
    const pages = [...new Set(found.map(({file}) => file).filter((file) => pageRoutes.has(file)))].map((file): ViewPage => ({
      file,
      route: pageRoutes.get(file)!,
      condition: served.get(file)!,
    }));
    if (pages.length === 0) return undefined;
    const {viewPages, copies, shared, failures} = await renderForViews(outDir, {
      bundleDir: serverBundle,
      pages,
      audiences: conditions.data.audiences,
      publicPages: this.readership.publicPages,
      markers,
    });
    // The pages rendered per view are proven as each view gets them, in place of the page all their readers would have had.
    this.findings.splice(0, this.findings.length, ...this.findings.filter(({file}) => !viewPages.pages[file]));
    for (const {file, page, view, html} of copies) {
      this.findings.push(...this.proof.findingsIn({file, condition: page.condition, text: html, template: null, view}));
    }
    this.failures.push(...failures);
    this.rendered = {viewPages, copies: copies.length};
    return shared;
  }

  /** What was proven; throws LeakError when anything would leak. */
  finish(): Proven {
    if (this.findings.length > 0 || this.failures.length > 0) throw new LeakError(this.findings, this.failures);
    return {files: this.files, copies: this.rendered?.copies ?? 0, ...(this.rendered ? {viewPages: this.rendered.viewPages} : {})};
  }
}
