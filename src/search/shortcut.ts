/**
 * The keys that take a reader to the search box from anywhere on the page, as DocSearch and GitHub
 * readers know them: Ctrl+K (⌘K on a Mac) always, "/" when the reader is not typing somewhere else.
 */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Pure: whether this key press goes to the search box; `typing`: the focus is in a field or editable text. */
export function isSearchShortcut(event: ShortcutKey, {mac, typing}: {mac: boolean; typing: boolean}): boolean {
  if (event.altKey) return false;
  if (event.key.toLowerCase() === 'k' && !event.shiftKey) return mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  return event.key === '/' && !typing && !event.ctrlKey && !event.metaKey;
}

/** Whether the reader is typing into `element` (a field, a select, editable text). */
export function isTypingTarget(element: Element | null): boolean {
  if (element === null) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** The hint the box shows for its shortcut, in the reader's platform's words. */
export const shortcutHint = (mac: boolean): string => (mac ? '⌘ K' : 'Ctrl K');
