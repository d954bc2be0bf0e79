/** What the page and the search worker say to each other. */
import type {SearchAnswer, SearchRequest} from './engine/versionIndex';

interface IndexAddress {
  id: number;
  baseUrl: string;
  /** The version's manifest: which index. */
  manifestUrl: string;
}

export type WorkerRequest = (IndexAddress & {kind: 'prepare'}) | (IndexAddress & {kind: 'search'; request: SearchRequest});

export type WorkerResponse = {id: number; answer: SearchAnswer | null} | {id: number; error: string};
