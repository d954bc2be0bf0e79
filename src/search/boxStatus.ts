/** What the search box's status line and the search page's count say: pure, from the query's answer, in the same words. */
import {syntaxHint} from './engine/queryTerms';

export type StatusInput =
  | {kind: 'failed'}
  /** Waiting for the query's answer; `showing` suggestions of an earlier query meanwhile. */
  | {kind: 'searching'; showing: number}
  | {kind: 'answered'; shown: number; total: number};

export function boxStatus(state: StatusInput, query: string, versionLabel: string): string {
  switch (state.kind) {
    case 'failed':
      return 'Search is unavailable right now: the index could not be loaded. Try again in a moment.';
    case 'searching':
      // The earlier list stays in sight meanwhile: no word about it, nothing to announce.
      return state.showing > 0 ? '' : 'Searching…';
    case 'answered':
      if (state.shown === 0) return noResults(query, versionLabel);
      return `${state.shown} of ${state.total} ${plural(state.total)}.`;
  }
}

const plural = (count: number) => (count === 1 ? 'result' : 'results');

function noResults(query: string, versionLabel: string): string {
  return [`No results in ${versionLabel}.`, syntaxHint(query)].filter(Boolean).join(' ');
}

/** The search page lists every result it found: their count, in the version searched. */
export function pageStatus(total: number, query: string, versionLabel: string): string {
  return total === 0 ? noResults(query, versionLabel) : `${total} ${plural(total)} in ${versionLabel}.`;
}
