/** What the search box's status line says: pure, from the state of the query's answer. */
import {syntaxHint} from './engine/queryTerms';

export type BoxState =
  | {kind: 'failed'}
  /** Waiting for the query's answer; `showing` suggestions of an earlier query meanwhile. */
  | {kind: 'searching'; showing: number}
  | {kind: 'answered'; shown: number; total: number};

export function boxStatus(state: BoxState, query: string, versionLabel: string): string {
  switch (state.kind) {
    case 'failed':
      return 'Search is unavailable right now: the index could not be loaded. Try again in a moment.';
    case 'searching':
      // The earlier list stays in sight meanwhile: no word about it, nothing to announce.
      return state.showing > 0 ? '' : 'Searching…';
    case 'answered':
      if (state.shown === 0) return [`No results in ${versionLabel}.`, syntaxHint(query)].filter(Boolean).join(' ');
      return `${state.shown} of ${state.total} ${state.total === 1 ? 'result' : 'results'}.`;
  }
}
