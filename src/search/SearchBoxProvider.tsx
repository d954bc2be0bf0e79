/**
 * The navbar box's state, kept above the pages' layouts (src/theme/Root.tsx) so that it outlives the
 * box. A link to a page of another kind (a doc from /search, the home page from a doc) brings a layout,
 * a navbar and a box of their own once the page's code has loaded; what the reader typed meanwhile, into
 * the old page's box, goes over to the new one, with the focus (useSearchBox.ts). This file holds the
 * state and nothing of the box's code (its reducer is useSearchBox.ts's): the login build, which has Root
 * but no box, bundles no search.
 */
import {
  createContext,
  useContext,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react';
import type {SearchBoxState} from './boxReducer';

export interface KeptSearchBox {
  /** As boxReducer leaves it; undefined until the reader first changes it (the box starts as INITIAL_BOX). */
  state: SearchBoxState | undefined;
  setState: Dispatch<SetStateAction<SearchBoxState | undefined>>;
  /** The box that went had the focus in its field: the one that comes takes it. */
  focusHandedOnRef: RefObject<boolean>;
}

const KeptSearchBoxContext = createContext<KeptSearchBox | null>(null);

export function SearchBoxProvider({children}: {children: ReactNode}): ReactNode {
  const [state, setState] = useState<SearchBoxState>();
  const focusHandedOnRef = useRef(false);
  const kept = useMemo(() => ({state, setState, focusHandedOnRef}), [state]);
  return <KeptSearchBoxContext.Provider value={kept}>{children}</KeptSearchBoxContext.Provider>;
}

export function useKeptSearchBox(): KeptSearchBox {
  const kept = useContext(KeptSearchBoxContext);
  if (kept === null) throw new Error('The search box needs the SearchBoxProvider of src/theme/Root.tsx above it.');
  return kept;
}
