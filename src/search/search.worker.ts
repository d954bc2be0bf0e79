/**
 * The search worker: holds each version's index and answers queries off the page's main thread.
 * Messages are `WorkerRequest`s; each is answered once, by id.
 */
import {lunrRules} from './engine/lunrRules';
import {VersionIndex} from './engine/versionIndex';
import type {WorkerRequest, WorkerResponse} from './workerMessages';

const indexes = new Map<string, VersionIndex>();

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {credentials: 'same-origin'});
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

function indexFor({baseUrl, manifestUrl}: {baseUrl: string; manifestUrl: string}): VersionIndex {
  let index = indexes.get(manifestUrl);
  if (!index) indexes.set(manifestUrl, (index = new VersionIndex(manifestUrl, baseUrl, fetchJson, lunrRules)));
  return index;
}

self.onmessage = async ({data}: MessageEvent<WorkerRequest>) => {
  let response: WorkerResponse;
  try {
    const index = indexFor(data);
    if (data.kind === 'prepare') {
      await index.prepare();
      response = {id: data.id, answer: null};
    } else {
      response = {id: data.id, answer: await index.search(data.request)};
    }
  } catch (error) {
    response = {id: data.id, error: error instanceof Error ? error.message : String(error)};
  }
  self.postMessage(response);
};
