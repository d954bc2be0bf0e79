/**
 * The build and search benchmarks' corpus: N docs in each version, in ten top-level sections (each a
 * sidebar category and a search context) made of parts of 25, each doc with ## and ### headings,
 * paragraphs, inline code, lists, an admonition, a table, code blocks and relative links (some with
 * anchors) to other docs of its version. Seeded: every run writes the same bytes, every link valid.
 *
 * With audiences (issue 34, README "Who reads what"), the same docs are given readers: two sections of
 * the current version each for one audience (their folder's `customProps.audience`), some of its other
 * pages for one audience or two (`audience:` front matter), a few pages of the older version for one,
 * the rest for every reader; links then only lead to pages every reader of their own page may open.
 * The text is the same bytes with or without: who reads what is drawn from a sequence of its own.
 */
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {audienceCondition, conditionKey, READERS, within, type Condition} from '../contracts/audiences';
import {siteVersions, versionFiles} from '../contracts/siteVersions';
import {writeCategory, writeDoc, type Doc} from '../testkit/docs';

const NOUNS = `
  access account adapter alias anchor archive artifact asset audit backup badge banner batch branch bucket buffer bundle button cache
  callback canvas category certificate change channel chapter checklist chunk client cluster column command comment commit component
  config connection console container context cookie counter credential dashboard database dataset deadline default dependency deployment
  diagram dialog directory document domain draft driver editor element endpoint entry environment error event example export extension
  feature field file filter folder footer format fragment function gateway glossary graph guide handler header heading helper history hook
  host image import index input installer instance integration interface issue item job key label language layout layer library limit link
  list locale log manifest markdown menu message metadata method metric migration mirror mode model module monitor network node note
  notification object option output package page panel parameter partial password patch path pattern permission pipeline placeholder
  platform plugin policy port preview process profile project prompt property provider proxy query queue quota record redirect reference
  region registry release renderer replica report repository request resource response result review revision role route rule runner
  runtime sample schema scope screen script search section selector server service session setting share shortcut sidebar signal snapshot
  snippet source stage state status step storage stream style subscription suite summary switch symbol syntax table tag target task
  template tenant terminal test theme thread ticket timeline timeout token toolbar topic trace transaction trigger tutorial upload user
  utility value variable vendor version view volume warning webhook widget window workflow workspace worker
`;

const VERBS = `
  add adjust allow apply archive build bundle cache change check clean collect compare compile configure connect copy create debug define
  delete deploy describe detect disable enable export extend fetch filter find fix format generate group handle hide import include index
  inspect install keep link list load lock log measure merge migrate monitor move name open order organize parse pin preview publish read
  record reduce refresh register release reload remove rename render replace report request reset resolve restore review rotate run save
  scan schedule search select send serve set share show sign skip sort split start stop store switch sync tag test track transform
  translate trigger update upgrade upload validate verify watch write
`;

const ADJECTIVES = `
  active advanced annual automatic available basic blocking broken central clean cold common compact complete compressed consistent
  current custom daily dedicated default detailed direct dynamic early empty encrypted entire existing expired external fast final first
  flexible fresh full generated global hidden incremental initial internal large latest lazy legacy light local long main manual minimal
  missing modern multiple native nested new offline old optional parallel partial pending persistent plain portable primary private public
  quick rare readable recent regional remote required reusable safe scheduled secondary secure separate shared short signed simple single
  small stable static strict structured temporary typical unique unused useful valid verbose visible warm weekly
`;

const PREPOSITIONS = ['in', 'for', 'with', 'from', 'on', 'across', 'behind', 'before', 'after', 'inside', 'through', 'under'];
const CONNECTORS = ['and', 'so', 'because', 'when', 'while', 'unless', 'after', 'before', 'until', 'whereas'];
const DETERMINERS = ['the', 'the', 'the', 'a', 'each', 'every', 'your', 'this', 'that', 'one'];
const ADVERBS = ['usually', 'often', 'quickly', 'safely', 'always', 'rarely', 'carefully', 'automatically', 'only', 'then'];
const CODE_LANGUAGES = ['bash', 'json', 'js', 'ts', 'yaml'];
const ADMONITIONS = ['tip', 'note', 'info', 'caution'];

const words = (list: string) => list.trim().split(/\s+/);
const [nouns, verbs, adjectives] = [words(NOUNS), words(VERBS), words(ADJECTIVES)];

/** Content words a reader would search for; the search benchmark draws its queries from them. */
export const SEARCHABLE_WORDS: readonly string[] = [...nouns, ...verbs, ...adjectives];

/** mulberry32: small, fast, and the same sequence on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Writer {
  constructor(private readonly random: () => number) {}
  int = (min: number, max: number) => min + Math.floor(this.random() * (max - min + 1));
  pick = <T>(list: readonly T[]): T => list[Math.floor(this.random() * list.length)]!;
  chance = (probability: number) => this.random() < probability;

  nounPhrase(): string {
    const phrase = this.chance(0.5) ? `${this.pick(adjectives)} ${this.pick(nouns)}` : this.pick(nouns);
    const determiner = this.pick(DETERMINERS);
    return `${determiner === 'a' && /^[aeiou]/.test(phrase) ? 'an' : determiner} ${phrase}`;
  }

  clause(): string {
    const adverb = this.chance(0.2) ? `${this.pick(ADVERBS)} ` : '';
    const tail = this.chance(0.6) ? ` ${this.pick(PREPOSITIONS)} ${this.nounPhrase()}` : '';
    return `${this.nounPhrase()} ${adverb}${withS(this.pick(verbs))} ${this.nounPhrase()}${tail}`;
  }

  sentence(): string {
    let text = this.chance(0.3)
      ? `${capitalize(this.pick(verbs))} ${this.nounPhrase()} ${this.pick(CONNECTORS)} ${this.clause()}`
      : this.clause();
    if (this.chance(0.4)) text += `, ${this.pick(CONNECTORS)} ${this.clause()}`;
    return `${capitalize(text)}.`;
  }

  paragraph(sentences = this.int(2, 3)): string {
    const parts = Array.from({length: sentences}, () => this.sentence());
    // Inline code and emphasis, as tutorials use them.
    if (this.chance(0.5)) parts.splice(1, 0, `Set \`${this.pick(nouns)}.${this.pick(nouns)}\` to \`${this.pick(adjectives)}\` first.`);
    if (this.chance(0.3))
      parts.push(`**${capitalize(this.pick(adjectives))} ${withS(this.pick(nouns))}** ${withS(this.pick(verbs))} ${this.nounPhrase()}.`);
    return parts.join(' ');
  }

  /** A heading of 2 to 4 words, unique within its page so its anchor is predictable. */
  heading(used: Set<string>): string {
    const text = capitalize(
      this.chance(0.5)
        ? `${this.pick(verbs)} the ${this.pick(adjectives)} ${this.pick(nouns)}`
        : `${this.pick(adjectives)} ${this.pick(nouns)} ${withS(this.pick(nouns))}`,
    );
    return used.has(slugOf(text)) ? this.heading(used) : (used.add(slugOf(text)), text);
  }

  codeBlock(): string {
    const language = this.pick(CODE_LANGUAGES);
    const count = this.int(6, 14);
    const name = () => `${this.pick(nouns)}${capitalize(this.pick(nouns))}`;
    const body = Array.from({length: count}, (_, line) => {
      switch (language) {
        case 'bash':
          return `npx tutorial-hub ${this.pick(verbs)} --${this.pick(nouns)}=${this.pick(adjectives)} ./${withS(this.pick(nouns))}`;
        case 'json':
          return `  "${name()}": "${this.pick(adjectives)}"${line < count - 1 ? ',' : ''}`;
        case 'yaml':
          return `${'  '.repeat(line % 3)}${name()}: ${this.pick(adjectives)}`;
        default:
          return `const ${name()}${line} = await ${this.pick(verbs)}${capitalize(this.pick(nouns))}({${this.pick(nouns)}: '${this.pick(adjectives)}'});`;
      }
    });
    const code = language === 'json' ? ['{', ...body, '}'] : body;
    return ['```' + language, ...code, '```'].join('\n');
  }

  table(): string {
    const row = () => `| \`${this.pick(nouns)}\` | \`${this.pick(adjectives)}\` | ${this.sentence()} |`;
    return ['| Option | Default | What it does |', '| --- | --- | --- |', ...Array.from({length: this.int(3, 5)}, row)].join('\n');
  }

  list(): string {
    return Array.from({length: this.int(3, 5)}, () => `- ${this.sentence()}`).join('\n');
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `-s` with English spelling: a verb's third person, a noun's plural. */
const withS = (word: string) =>
  /(?:s|sh|ch|x|z)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;

/** Docusaurus's heading ids (github-slugger) for text made only of letters and spaces. */
const slugOf = (text: string) => text.toLowerCase().replace(/ /g, '-');

interface PlannedDoc {
  /** Path from the version's docs folder, e.g. `guides/part-03/sign-the-session-token.md`. */
  file: string;
  title: string;
  sections: string[];
}

const DOCS_PER_CATEGORY = 25;
/** Top-level sections per version, as a docs site of this size has them (each a search context, a sidebar category). */
const SECTIONS = 10;
const SECTION_NAMES = words(
  'getting-started guides concepts integrations operations security reference recipes deployment troubleshooting',
);

/** Docs per section: the version's docs in ten sections (fewer when there are fewer than ten docs). */
const docsPerSection = (docsPerVersion: number) => Math.ceil(docsPerVersion / SECTIONS);

/** Where the `index`-th doc of a version goes: `guides/part-03`, parts of 25 docs numbered within their section. */
const partFolder = (index: number, perSection: number) =>
  `${SECTION_NAMES[Math.floor(index / perSection)]}/part-${String(Math.floor((index % perSection) / DOCS_PER_CATEGORY) + 1).padStart(2, '0')}`;

export interface CorpusSummary {
  docsPerVersion: number;
  docs: number;
  markdownBytes: number;
  /** Route of one generated doc per version, for the browser benchmarks: for every reader. */
  sampleRoutes: string[];
  /** The audiences audiences.json defines; none: a site without audiences. */
  audiences: string[];
  /** Generated docs by who may read them (`*`: every reader; `partners+staff`: either audience's readers). */
  readers: Record<string, number>;
  /** Route of a generated doc for the first audience only (none without audiences). */
  restrictedRoute?: string;
}

/** The audiences of the corpus with audiences, in order (the benchmarks' reader "in two audiences" is in the first two). */
const AUDIENCE_NAMES = ['partners', 'staff', 'customers'];
const corpusAudienceNames = (count: number) => Array.from({length: count}, (_, i) => AUDIENCE_NAMES[i] ?? `audience-${i + 1}`);

/** The current version's sections for one audience each (their folder's): the first audience's, then the second's. */
const AUDIENCE_SECTIONS = ['integrations', 'operations'];
/** Of the current version's other docs: in two audiences, and (these included) in any. */
const TWO_AUDIENCES = 0.04;
const SOME_AUDIENCE = 0.12;
/** The older versions' docs for one audience: a few pages kept for the readers still on them. */
const OLDER_RESTRICTED = 0.03;

function planVersion(writer: Writer, docs: number): PlannedDoc[] {
  const perSection = docsPerSection(docs);
  const titles = new Set<string>();
  return Array.from({length: docs}, (_, index) => {
    let title: string;
    do {
      title = capitalize(`${writer.pick(verbs)} ${writer.pick(DETERMINERS)} ${writer.pick(adjectives)} ${writer.pick(nouns)}`);
    } while (titles.has(title));
    titles.add(title);
    const used = new Set<string>();
    const sections = Array.from({length: writer.int(3, 4)}, () => writer.heading(used));
    return {file: `${partFolder(index, perSection)}/${slugOf(title.replace(/[^A-Za-z ]/g, ''))}.md`, title, sections};
  });
}

/** From one doc to another: `../part-02/x.md`, `./y.md`. */
const relativeLink = (from: PlannedDoc, to: PlannedDoc) =>
  path.posix.relative(path.posix.dirname(from.file), to.file).replace(/^(?!\.)/, './');

/**
 * Who reads each doc of a version: its own audiences (front matter) and its folder's, from a random
 * sequence apart from the text's. Docs of a folder for an audience say nothing themselves (they may
 * only narrow it, which a benchmark does not need); the first doc, the benchmarks' sample, is for
 * everyone.
 */
function planReaders(random: () => number, docs: readonly PlannedDoc[], names: readonly string[], current: boolean) {
  const pick = () => names[Math.floor(random() * names.length)]!;
  const sectionAudience = (doc: PlannedDoc) => {
    const at = AUDIENCE_SECTIONS.indexOf(doc.file.slice(0, doc.file.indexOf('/')));
    return current && at >= 0 ? names[at % names.length] : undefined;
  };
  return docs.map((doc, index) => {
    const draw = random();
    const folder = sectionAudience(doc);
    let own: string[] = [];
    if (index === 0 || folder !== undefined) own = [];
    else if (!current) own = draw < OLDER_RESTRICTED ? [pick()] : [];
    else if (draw < TWO_AUDIENCES && names.length > 1) {
      const first = pick();
      let second = pick();
      while (second === first) second = pick();
      own = [first, second];
    } else if (draw < SOME_AUDIENCE) own = [pick()];
    const condition: Condition = own.length > 0 ? audienceCondition(own) : folder ? audienceCondition([folder]) : READERS;
    return {own, condition};
  });
}

/**
 * The doc a link from `from` goes to instead of `to`: `to` or the first doc after it that every reader
 * of `from` may open (check:docs and the build refuse a link into a page fewer readers may open).
 */
function openTarget(docs: readonly PlannedDoc[], readers: readonly Condition[], from: number, to: number): PlannedDoc {
  for (let step = 0; step < docs.length; step++) {
    const at = (to + step) % docs.length;
    if (within(readers[from]!, readers[at]!)) return docs[at]!;
  }
  return docs[from]!;
}

function renderDoc(writer: Writer, doc: PlannedDoc, position: number, next: PlannedDoc, other: PlannedDoc): Doc {
  const used = new Set(doc.sections.map(slugOf));
  const description = `${capitalize(writer.pick(verbs))} ${writer.nounPhrase()} ${writer.pick(PREPOSITIONS)} ${writer.nounPhrase()}, step by step.`;
  const blocks: string[] = [`${writer.paragraph()} When you are done, go on with [${next.title}](${relativeLink(doc, next)}).`];
  doc.sections.forEach((section, index) => {
    blocks.push(`## ${section}`, writer.paragraph());
    if (index === 0) blocks.push(writer.list());
    if (index === 1) {
      const anchor = other.sections[index % other.sections.length]!;
      blocks.push(
        `${writer.paragraph(2)} See [${anchor.toLowerCase()}](${relativeLink(doc, other)}#${slugOf(anchor)}) for the details.`,
        writer.table(),
      );
    }
    for (let sub = writer.int(0, 1); sub > 0; sub--)
      blocks.push(`### ${writer.heading(used)}`, writer.paragraph(), writer.chance(0.6) ? writer.codeBlock() : writer.paragraph(2));
    if (index === doc.sections.length - 1)
      blocks.push(`:::${writer.pick(ADMONITIONS)}\n\n${writer.sentence()} ${writer.sentence()}\n\n:::`);
  });
  return {title: doc.title, description, position, body: blocks.join('\n\n')};
}

/**
 * The copy's own docs for every reader: its audiences.json, folders' and pages' audiences removed, so
 * that the corpus without audiences is a site without any (the gate then cuts no file), and the one with
 * them says only what the corpus says.
 */
function withoutSiteAudiences(siteDir: string): void {
  rmSync(path.join(siteDir, 'audiences.json'), {force: true});
  for (const version of siteVersions(siteDir)) {
    for (const file of versionFiles(siteDir, version)) {
      const full = path.join(siteDir, version.docsDir, file);
      if (path.posix.basename(file) === '_category_.json') {
        const category = JSON.parse(readFileSync(full, 'utf8')) as {customProps?: Record<string, unknown>};
        if (category.customProps?.audience === undefined) continue;
        delete category.customProps.audience;
        writeFileSync(full, JSON.stringify(category, null, 2));
      } else if (/\.mdx?$/.test(file)) {
        const text = readFileSync(full, 'utf8');
        // The front matter's `audience:` line (and the lines of a YAML list under it).
        const stripped = text.replace(/^(---\n[\s\S]*?)^audience:.*\n(?:^\s+-.*\n)*/m, '$1');
        if (stripped !== text) writeFileSync(full, stripped);
      }
    }
  }
}

const describeAudience = (name: string) => `Readers of the benchmark corpus's ${name} pages`;

export interface CorpusOptions {
  /** Audiences the docs are given (README, "Who reads what"); 0: none. */
  audiences?: number;
  seed?: number;
}

/** Writes the corpus into each version of a copy of the site; the copy's own docs stay, without their audiences. */
export function writeCorpus(siteDir: string, docsPerVersion: number, {audiences = 0, seed = 20250101}: CorpusOptions = {}): CorpusSummary {
  const names = corpusAudienceNames(audiences);
  const summary: CorpusSummary = {docsPerVersion, docs: 0, markdownBytes: 0, sampleRoutes: [], audiences: names, readers: {}};
  withoutSiteAudiences(siteDir);
  if (names.length > 0) {
    const defined = Object.fromEntries(names.map((name) => [name, describeAudience(name)]));
    writeFileSync(path.join(siteDir, 'audiences.json'), `${JSON.stringify({audiences: defined}, null, 2)}\n`);
  }
  for (const [versionIndex, version] of siteVersions(siteDir).entries()) {
    // Each version its own text, as an older edition would be.
    const writer = new Writer(seededRandom(seed + versionIndex));
    const docs = planVersion(writer, docsPerVersion);
    const readers =
      names.length > 0
        ? planReaders(seededRandom(seed + 1000 + versionIndex), docs, names, versionIndex === 0)
        : docs.map(() => ({own: [], condition: READERS as Condition}));
    const conditions = readers.map((reader) => reader.condition);
    const root = path.join(siteDir, version.docsDir);
    const perSection = docsPerSection(docs.length);
    const sections = Math.ceil(docs.length / perSection);
    const category = (dir: string, label: string, position: number, description: string, audience?: string) =>
      writeCategory(path.join(root, dir), {
        label,
        position,
        link: {type: 'generated-index', description},
        ...(audience ? {customProps: {audience}} : {}),
      });
    for (const [section, name] of SECTION_NAMES.slice(0, sections).entries()) {
      const label = capitalize(name.replace(/-/g, ' '));
      const at = AUDIENCE_SECTIONS.indexOf(name);
      const audience = versionIndex === 0 && at >= 0 && names.length > 0 ? names[at % names.length] : undefined;
      category(name, label, 50 + section, `${label}: every task, part by part.`, audience);
    }
    for (const part of new Set(docs.map((doc) => path.posix.dirname(doc.file)))) {
      const number = Number(part.slice(part.lastIndexOf('-') + 1));
      const label = `Part ${number}: ${capitalize(writer.pick(adjectives))} ${withS(writer.pick(nouns))}`;
      category(part, label, number, `${label}, one task at a time.`);
    }
    const indexOf = new Map(docs.map((doc, index) => [doc, index]));
    for (const [index, doc] of docs.entries()) {
      const position = ((index % perSection) % DOCS_PER_CATEGORY) + 1;
      // The same draws with or without audiences (the text stays the same); only where a link goes may differ.
      const [next, other] = [(index + 1) % docs.length, indexOf.get(writer.pick(docs))!].map((to) =>
        openTarget(docs, conditions, index, to),
      );
      const rendered = renderDoc(writer, doc, position, next!, other!);
      const own = readers[index]!.own;
      summary.markdownBytes += Buffer.byteLength(
        writeDoc(path.join(root, doc.file), {...rendered, ...(own.length ? {audience: own} : {})}),
      );
      const key = conditionKey(conditions[index]!);
      summary.readers[key] = (summary.readers[key] ?? 0) + 1;
    }
    summary.docs += docs.length;
    const route = (doc: PlannedDoc) => `${version.route ? `/${version.route}` : ''}/${doc.file.replace(/\.md$/, '')}`;
    summary.sampleRoutes.push(route(docs[0]!));
    const restricted = docs.find((_, index) => conditionKey(conditions[index]!) === names[0]);
    if (versionIndex === 0 && restricted) summary.restrictedRoute = route(restricted);
  }
  return summary;
}
