/**
 * A version's search index cut by audience: one lunr index for each group of pages with the same
 * readers, each of its own (lunr's statistics, such as how many pages hold a word, would otherwise count
 * pages a reader may not see), and no index of the whole. The version's manifest holds the partition
 * every reader of the version sees, and the others marked for the gate, which sends each reader only
 * theirs. A version whose pages all have the same readers is indexed once, whole.
 */
import type {MarkerSyntax} from '../../contracts/audienceMarkers';
import {conditionKey, within, type Condition} from '../../contracts/audiences';
import {DocKind, type SearchManifest} from '../../contracts/searchIndexFiles';
import {unionOfAll} from '../audiences/siteConditions';
import {
  DOC_PART_BYTES,
  lunrIndexOf,
  splitIndex,
  TERM_PART_BYTES,
  type PluginDoc,
  type PluginIndex,
  type SplitOptions,
} from '../../src/search/engine/indexWriter';

export interface Partition {
  condition: Condition;
  index: PluginIndex;
}

/**
 * The index in groups of pages by who may read them, in the order their first page comes, each indexed
 * by `build` (lunr, as the search plugin builds it); one group: the whole index, indexed once.
 */
export function partitionIndex(
  documents: readonly PluginDoc[][],
  conditionOf: (url: string) => Condition,
  build: (documents: PluginDoc[][]) => PluginIndex = (kinds) => kinds.map((kind) => ({documents: kind, index: lunrIndexOf(kind)})),
): Partition[] {
  const titles = documents[DocKind.Title] ?? [];
  const groups = new Map<string, {condition: Condition; pages: Set<number>}>();
  for (const title of titles) {
    const condition = conditionOf(title.u);
    const key = conditionKey(condition);
    if (!groups.has(key)) groups.set(key, {condition, pages: new Set()});
    groups.get(key)!.pages.add(title.i);
  }
  if (groups.size <= 1) return [{condition: groups.values().next().value?.condition ?? conditionOf('/'), index: build([...documents])}];
  return [...groups.values()].map(({condition, pages}) => ({
    condition,
    index: build(documents.map((kind, at) => kind.filter((doc) => pages.has(at === DocKind.Title ? doc.i : (doc.p ?? -1))))),
  }));
}

export interface VersionIndexFiles {
  /** The version's manifest, with the restricted partitions marked. */
  manifest: string;
  /** Who may fetch the manifest: the union of its partitions. */
  manifestCondition: Condition;
  /** Part name → its JSON and who may fetch it. */
  parts: Map<string, {json: string; condition: Condition}>;
}

const EMPTY: PluginIndex = [];

/** The smallest part a partition's budget comes to, as a share of the version's. */
const SMALLEST_SHARE = 1 / 16;

/**
 * A partition's part size: the version's, times the square root of its share of the largest partition's
 * pages. A query loads about one term part and one document part of each partition the reader sees, so
 * parts as large as the whole version's would cost a reader in several audiences a whole part for every
 * small partition. With the square root, a partition's parts shrink with it, yet not so far that the
 * manifest's list of parts (which grows as parts shrink) costs more than the parts save; the largest
 * partition keeps the version's size, as a site without audiences has it.
 */
export function partitionPartBytes(versionBytes: number, pages: number, largestPages: number): number {
  const share = largestPages === 0 ? 1 : pages / largestPages;
  return Math.round(versionBytes * Math.max(Math.sqrt(share), SMALLEST_SHARE));
}

const pagesOf = (index: PluginIndex) => index[DocKind.Title]?.documents.length ?? 0;

/** Splits each partition into its parts, and writes the version's manifest: the partition every reader of the version sees, the others marked. */
export function versionIndexFiles(partitions: readonly Partition[], options: SplitOptions, markers: MarkerSyntax): VersionIndexFiles {
  const container = unionOfAll(partitions.map((partition) => partition.condition))!;
  const main = partitions.find((partition) => within(container, partition.condition));
  const parts = new Map<string, {json: string; condition: Condition}>();
  const largestPages = Math.max(0, ...partitions.map((partition) => pagesOf(partition.index)));
  const split = ({condition, index}: Partition): SearchManifest => {
    const sized = (bytes: number) => partitionPartBytes(bytes, pagesOf(index), largestPages);
    const {manifest, parts: own} = splitIndex(index, {
      ...options,
      termPartBytes: sized(options.termPartBytes ?? TERM_PART_BYTES),
      docPartBytes: sized(options.docPartBytes ?? DOC_PART_BYTES),
    });
    for (const [name, json] of own) parts.set(name, {json, condition});
    return manifest;
  };
  const mainManifest = split(main ?? {condition: container, index: EMPTY});
  const marked = partitions
    .filter((partition) => partition !== main)
    .flatMap((partition, at) => [
      markers.literal('begin', `p${at}`, conditionKey(partition.condition)),
      split(partition),
      markers.literal('end', `p${at}`),
    ]);
  const manifest = marked.length === 0 ? mainManifest : {...mainManifest, partitions: marked as unknown as SearchManifest[]};
  return {manifest: JSON.stringify(manifest), manifestCondition: container, parts};
}
