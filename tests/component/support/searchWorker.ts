/**
 * The search worker as the page sees it (src/search/searchClient.ts starts it with `new Worker`): each
 * version's index of the test site (site.ts), built and split as the build does (servedIndex), answered
 * by the engine the real worker runs (src/search/search.worker.ts), a message later. What it was asked
 * is kept; `failNextSearch()` makes the next search fail as a worker whose index part did not load.
 */
import {MANIFEST_FILE, PARTS_DIR} from '../../../contracts/searchIndexFiles';
import {lunrRules} from '../../../src/search/engine/lunrRules';
import {VersionIndex} from '../../../src/search/engine/versionIndex';
import type {WorkerRequest, WorkerResponse} from '../../../src/search/workerMessages';
import {servedIndex, type FixturePage} from '../../support/searchIndexFixture';
import {PAGES_1_0, PAGES_2_0, SECTIONS} from './site';

/** The index files of both versions, built when first asked for (a test file that searches nothing builds none). */
let files: Map<string, unknown> | undefined;

function indexFiles(): Map<string, unknown> {
  if (files) return files;
  files = new Map();
  for (const [versionUrl, pages] of [
    ['/', PAGES_2_0],
    ['/1.0/', PAGES_1_0],
  ] as [string, FixturePage[]][]) {
    const {manifest, parts} = servedIndex(pages, {baseUrl: '/', sections: SECTIONS});
    files.set(`${versionUrl}${MANIFEST_FILE}`, manifest);
    for (const [name, json] of parts) files.set(`/${PARTS_DIR}/${name}.json`, JSON.parse(json));
  }
  return files;
}

async function fetchJson(url: string): Promise<unknown> {
  const served = indexFiles();
  if (!served.has(url)) throw new Error(`${url}: HTTP 404`);
  return structuredClone(served.get(url));
}

const indexes = new Map<string, VersionIndex>();
let failing = false;

/** What the page asked the worker, in order: each search's version (its manifest's folder) and query. */
export const searchesAsked: {versionUrl: string; query: string}[] = [];

export function failNextSearch(): void {
  failing = true;
}

/** After each test: nothing asked, nothing to fail (the indexes stay, as the site's files do). */
export function resetSearchWorker(): void {
  searchesAsked.length = 0;
  failing = false;
}

async function answer(data: WorkerRequest): Promise<WorkerResponse> {
  let index = indexes.get(data.manifestUrl);
  if (!index) indexes.set(data.manifestUrl, (index = new VersionIndex(data.manifestUrl, data.baseUrl, fetchJson, lunrRules)));
  if (data.kind === 'prepare') {
    await index.prepare();
    return {id: data.id, answer: null};
  }
  searchesAsked.push({versionUrl: data.manifestUrl.slice(0, -MANIFEST_FILE.length), query: data.request.query});
  if (failing) {
    failing = false;
    return {id: data.id, error: `/${PARTS_DIR}/0000.json: HTTP 503`};
  }
  return {id: data.id, answer: await index.search(data.request)};
}

/** Installed as the page's `Worker` (setup.ts). */
export class FakeSearchWorker {
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  postMessage(data: WorkerRequest): void {
    // A message later, as a worker answers.
    void answer(data).then((response) => setTimeout(() => this.onmessage?.(new MessageEvent('message', {data: response}))));
  }

  terminate(): void {}
}
