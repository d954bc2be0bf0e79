/**
 * The navbar box's state, kept above the pages' layouts (src/theme/Root.tsx) so that it outlives the
 * box. A link to a page of another kind (a doc from /search, the home page from a doc) brings a layout,
 * a navbar and a box of their own once the page's code has loaded; what the reader typed meanwhile, into
 * the old page's box, goes over to the new one, with the focus (useSearchBox.ts). This file holds the
 * state and nothing of the box's code (its reducer is useSearchBox.ts's): the login build, which has Root
 * but no box, bundles no search.
 *
 * The state is a store the box subscribes to, under a context whose value never changes: a context value
 * that changed on every key made React walk the whole page's tree for its readers (3 ms a key on a long
 * reference page, bench/HISTORY.md "warm keys").
 */
import {createContext, useContext, useState, useSyncExternalStore, type ReactNode, type RefObject} from 'react';
import type {SearchBoxState} from './boxReducer';

export interface KeptSearchBoxStore {
  /** As boxReducer leaves it; undefined until the reader first changes it (the box starts as INITIAL_BOX). */
  get: () => SearchBoxState | undefined;
  update: (next: (kept: SearchBoxState | undefined) => SearchBoxState) => void;
  subscribe: (listener: () => void) => () => void;
  /** The box that went had the focus in its field: the one that comes takes it. */
  focusHandedOnRef: RefObject<boolean>;
  /**
   * The search last reported for insights (src/insights/searchReport.ts, its searchKey), by the box or the
   * search page: the same query shown again on either is not reported again.
   */
  reportedRef: RefObject<string | null>;
}

/** A store of the box's state: its subscribers are told of each change that is one. */
export function keptSearchBoxStore(): KeptSearchBoxStore {
  let state: SearchBoxState | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update: (next) => {
      const updated = next(state);
      if (updated === state) return;
      state = updated;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    focusHandedOnRef: {current: false},
    reportedRef: {current: null},
  };
}

const KeptSearchBoxContext = createContext<KeptSearchBoxStore | null>(null);

export function SearchBoxProvider({children}: {children: ReactNode}): ReactNode {
  const [store] = useState(keptSearchBoxStore);
  return <KeptSearchBoxContext.Provider value={store}>{children}</KeptSearchBoxContext.Provider>;
}

/** The store alone, for what outlives the box without following its state (the search page's reports). */
export function useKeptSearchStore(): KeptSearchBoxStore {
  const store = useContext(KeptSearchBoxContext);
  if (store === null) throw new Error('The search box needs the SearchBoxProvider of src/theme/Root.tsx above it.');
  return store;
}

/** The kept state (re-rendering the caller when it changes), and the store. */
export function useKeptSearchBox(): {state: SearchBoxState | undefined; store: KeptSearchBoxStore} {
  const store = useKeptSearchStore();
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  return {state, store};
}
