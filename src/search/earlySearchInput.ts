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

function isSearchInput(target: EventTarget | null): target is HTMLInputElement {
  return target instanceof HTMLInputElement && target.matches(SEARCH_INPUT);
}

function holdUntilReleased(event: Event): void {
  if (!released && isSearchInput(event.target)) event.stopImmediatePropagation();
}

/**
 * The reader's own keys (trusted events) while autocomplete.js has not taken the box over yet.
 * The plugin's start-up empties the box without an input event, possibly between two keys: a key
 * that lands in a box emptied that way is added to what was remembered, not put in its place (a
 * reader who empties the box does it with an input event of their own, which remembers "").
 */
function rememberTyping(event: Event): void {
  if (!event.isTrusted || !isSearchInput(event.target) || event.target.getAttribute('role') === 'combobox') return;
  const {value} = event.target;
  const emptiedBehindTheReader = event instanceof InputEvent && event.inputType === 'insertText' && value === event.data;
  typedBeforeReady = emptiedBehindTheReader ? typedBeforeReady + value : value;
}

// Not during the build's server-side rendering.
if (typeof window !== 'undefined') {
  for (const type of HELD_EVENTS) window.addEventListener(type, holdUntilReleased, {capture: true});
  window.addEventListener('input', rememberTyping, {capture: true});
  // Keys typed before this script ran (it comes with the app's main bundle) are already in the box.
  const input = document.querySelector<HTMLInputElement>(SEARCH_INPUT);
  if (input && input.value !== '') typedBeforeReady = input.value;
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
  typedBeforeReady = '';
  return query;
}
