/**
 * Client module (runs before React hydrates): what the reader does in the search box before the
 * search plugin is ready for it.
 * - The plugin works out the reader's section in an effect after hydration, and React replays a
 *   focus or hover that came before: such an early event made the plugin load the whole version's
 *   index instead of the section's (17 MB rather than 2 MB on a version of 1000 docs), and the
 *   section's first query then waited behind it in the search worker. Those events are held back
 *   until the SearchBar wrapper says the plugin knows its section; a focus is then given again.
 * - Keys typed before the box is ready are not searched by the plugin, and its start-up empties
 *   the box; what the reader typed is remembered here so that it can be typed back (warmUp.ts).
 */

const SEARCH_INPUT = 'input.navbar__search-input';
/** What the plugin listens to, through React, to start loading an index. */
const HELD_EVENTS = ['focusin', 'mouseover'] as const;

let released = false;
let typedBeforeReady = '';
/** What the reader had typed when the plugin last emptied the box: the box now holds only what came after. */
let typedBeforeEmptied = '';
/** The box's value after the reader's last key. */
let lastSeen = '';

function isSearchInput(target: EventTarget | null): target is HTMLInputElement {
  return target instanceof HTMLInputElement && target.matches(SEARCH_INPUT);
}

function holdUntilReleased(event: Event): void {
  if (!released && isSearchInput(event.target)) event.stopImmediatePropagation();
}

/** The reader's own keys (trusted events) while autocomplete.js has not taken the box over yet. */
function isEarlyKey(event: Event): event is Event & {target: HTMLInputElement} {
  return event.isTrusted && isSearchInput(event.target) && event.target.getAttribute('role') !== 'combobox';
}

/**
 * The plugin's start-up empties the box without an input event, possibly between two keys: a key
 * about to land in a box emptied that way (not by the reader, whose edits we see) keeps what came before.
 */
function noticeEmptying(event: Event): void {
  if (isEarlyKey(event) && event.target.value === '' && lastSeen !== '') typedBeforeEmptied = typedBeforeReady;
}

function rememberTyping(event: Event): void {
  if (!isEarlyKey(event)) return;
  lastSeen = event.target.value;
  // A reader who empties the box starts afresh.
  if (lastSeen === '') typedBeforeEmptied = '';
  typedBeforeReady = typedBeforeEmptied + lastSeen;
}

// Not during the build's server-side rendering.
if (typeof window !== 'undefined') {
  for (const type of HELD_EVENTS) window.addEventListener(type, holdUntilReleased, {capture: true});
  window.addEventListener('beforeinput', noticeEmptying, {capture: true});
  window.addEventListener('input', rememberTyping, {capture: true});
  // Keys typed before this script ran (it comes with the app's main bundle) are already in the box.
  const input = document.querySelector<HTMLInputElement>(SEARCH_INPUT);
  if (input && input.value !== '') typedBeforeReady = lastSeen = input.value;
}

/** Called once the plugin's SearchBar has settled on its section: what was held happens now. */
export function releaseSearchEvents(input: HTMLInputElement): void {
  if (released) return;
  released = true;
  for (const type of HELD_EVENTS) window.removeEventListener(type, holdUntilReleased, {capture: true});
  if (document.activeElement === input) input.dispatchEvent(new FocusEvent('focusin', {bubbles: true}));
}

/** What the reader typed before the box was ready, once: the caller types it back. */
export function takeQueryTypedBeforeReady(): string {
  const query = typedBeforeReady;
  typedBeforeReady = typedBeforeEmptied = lastSeen = '';
  return query;
}
