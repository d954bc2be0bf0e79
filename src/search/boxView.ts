/** What the navbar's search box shows, and where its arrow keys go: pure, from the box's state. */

/** Below the popup's field: the answer to the query, the reader's recent searches, or the sheet's word that it has none. */
export type PopupContent = 'closed' | 'answer' | 'recent' | 'no-recent';

export interface BoxViewInput {
  /** The theme's mobile breakpoint (996 px and below). */
  phone: boolean;
  /** The focus is in the box or its popup. */
  focused: boolean;
  /** The reader closed it (Escape, Cancel) and has not typed or asked for it since. */
  closed: boolean;
  query: string;
  /** How many recent searches the version has. */
  recent: number;
}

export interface BoxView {
  /** A phone's full-screen search sheet: the field across the screen, Cancel, the popup below. */
  sheet: boolean;
  popup: PopupContent;
}

export function boxView({phone, focused, closed, query, recent}: BoxViewInput): BoxView {
  const engaged = focused && !closed;
  const sheet = phone && engaged;
  if (!engaged) return {sheet, popup: 'closed'};
  if (query.trim() !== '') return {sheet, popup: 'answer'};
  if (recent > 0) return {sheet, popup: 'recent'};
  // An empty box on a desktop is a field like any other; the sheet fills the screen, so it says why it is empty.
  return {sheet, popup: sheet ? 'no-recent' : 'closed'};
}

/** The active cell of the popup's list: a row (-1 for none) and, in a list with a button beside each entry, a column. */
export interface Active {
  row: number;
  column: number;
}

export const NO_ACTIVE: Active = {row: -1, column: 0};

export type ListKey = 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight';

/**
 * Where `key` moves the active cell in a list of `rows` by `columns` (WAI-ARIA's combobox with a listbox
 * or a grid popup): down and up wrap round; left and right move within an active row only, otherwise
 * they are the text's (null: not the list's key).
 */
export function moveActive(active: Active, key: ListKey, {rows, columns}: {rows: number; columns: number}): Active | null {
  switch (key) {
    case 'ArrowDown':
      return rows === 0 ? active : {row: (active.row + 1) % rows, column: active.row < 0 ? 0 : active.column};
    case 'ArrowUp':
      return rows === 0 ? active : {row: active.row <= 0 ? rows - 1 : active.row - 1, column: active.row < 0 ? 0 : active.column};
    case 'ArrowLeft':
    case 'ArrowRight':
      if (active.row < 0 || columns < 2) return null;
      return {row: active.row, column: Math.min(Math.max(active.column + (key === 'ArrowRight' ? 1 : -1), 0), columns - 1)};
  }
}
