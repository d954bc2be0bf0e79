/**
 * Two gaps of the local search plugin, closed from outside it:
 * - it loads a version's index only when the reader hovers or focuses the box, so the first
 *   query waits for the download; we ask for it once the page is idle;
 * - a query typed while the index loads is never run: autocomplete.js takes the box's value at
 *   start-up as the query it has already answered. When the box becomes ready (autocomplete.js
 *   marks it role="combobox"), we empty it and type the query back, as input events.
 */

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** The same rule Docusaurus applies to prefetching: nothing extra on slow or data-saving links. */
export function isSlowConnection(connection: NetworkInformation | undefined): boolean {
  return !!connection && (connection.saveData === true || /2g/.test(connection.effectiveType ?? ''));
}

/** The plugin loads the index on mouseenter, which React derives from a mouseover. */
export function requestIndexLoad(input: HTMLInputElement): void {
  input.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
}

/** Sets the value the way typing does, so React's onChange and autocomplete.js both see it. */
function typeValue(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

export function replayQueryWhenReady(input: HTMLInputElement): () => void {
  if (input.getAttribute('role') === 'combobox') return () => undefined;
  // Only what the reader typed: the plugin also fills the box from ?_highlight=, without input events.
  let readerTyped = false;
  const noteTyping = () => {
    readerTyped = true;
  };
  input.addEventListener('input', noteTyping);
  const observer = new MutationObserver(() => {
    if (input.getAttribute('role') !== 'combobox') return;
    stop();
    const query = input.value;
    if (!readerTyped || query === '') return;
    typeValue(input, '');
    typeValue(input, query);
  });
  const stop = () => {
    observer.disconnect();
    input.removeEventListener('input', noteTyping);
  };
  observer.observe(input, {attributes: true, attributeFilter: ['role']});
  return stop;
}

export function warmUpSearch(input: HTMLInputElement): () => void {
  const stopReplay = replayQueryWhenReady(input);
  const connection = (navigator as Navigator & {connection?: NetworkInformation}).connection;
  if (isSlowConnection(connection)) return stopReplay;
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
  const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
  const handle = idle(() => requestIndexLoad(input));
  return () => {
    cancelIdle(handle);
    stopReplay();
  };
}
