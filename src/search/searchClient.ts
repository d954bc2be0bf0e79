/**
 * The page's side of the search worker: one worker for the page's life, started on first use, and a
 * promise per message. A worker that cannot start, or an index part that fails to load, rejects the
 * query; the next query tries again.
 */
import {MANIFEST_FILE} from '../../contracts/searchIndexFiles';
import type {SearchAnswer, SearchRequest} from './engine/versionIndex';
import type {WorkerRequest, WorkerResponse} from './workerMessages';

type Pending = {resolve: (answer: SearchAnswer | null) => void; reject: (error: Error) => void};

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function startWorker(): Worker {
  const started = new Worker(new URL('./search.worker.ts', import.meta.url));
  started.onmessage = ({data}: MessageEvent<WorkerResponse>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (!waiting) return;
    if ('error' in data) waiting.reject(new Error(data.error));
    else waiting.resolve(data.answer);
  };
  started.onerror = (event) => {
    // A worker that failed (its script did not load) fails everything asked of it, and is started anew next time.
    event.preventDefault();
    started.terminate();
    worker = undefined;
    for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'The search worker stopped.'));
    pending.clear();
  };
  return started;
}

type Message = {kind: 'prepare'} | {kind: 'search'; request: SearchRequest};

function ask(baseUrl: string, versionUrl: string, message: Message): Promise<SearchAnswer | null> {
  worker ??= startWorker();
  const id = nextId++;
  const request = {...message, id, baseUrl, manifestUrl: `${versionUrl}${MANIFEST_FILE}`} as WorkerRequest;
  return new Promise((resolve, reject) => {
    pending.set(id, {resolve, reject});
    worker!.postMessage(request);
  });
}

/** Loads a version's manifest ahead of the first query (while the page is idle). */
export async function prepareSearch(baseUrl: string, versionUrl: string): Promise<void> {
  await ask(baseUrl, versionUrl, {kind: 'prepare'});
}

export async function search(baseUrl: string, versionUrl: string, request: SearchRequest): Promise<SearchAnswer> {
  return (await ask(baseUrl, versionUrl, {kind: 'search', request}))!;
}

/**
 * The first of `others` (versions, by where their indexes are) whose index answers the query, with how
 * many pages answer there: what the box and the search page offer when this version has nothing.
 * Only how many: no document part is loaded.
 */
export async function versionWithAnswers<V extends {versionUrl: string}>(
  baseUrl: string,
  query: string,
  others: readonly V[],
): Promise<{version: V; total: number} | undefined> {
  for (const version of others) {
    const {total} = await search(baseUrl, version.versionUrl, {query, limit: 0});
    if (total > 0) return {version, total};
  }
  return undefined;
}
