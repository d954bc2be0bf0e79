/**
 * Gaps of the local search plugin, closed from outside it:
 * - it loads a version's index only when the reader hovers or focuses the box, so the first
 *   query waits for the download; we ask for it once the page is idle
 *   (https://github.com/easyops-cn/docusaurus-search-local/issues/156);
 * - a query typed while the index loads is never run: autocomplete.js takes the box's value at
 *   start-up as the query it has already answered. When the box becomes ready (autocomplete.js
 *   marks it role="combobox"), we empty it and type the reader's query back, as input events (no
 *   upstream issue; the same race in a sibling plugin: https://github.com/praveenn77/docusaurus-lunr-search/pull/62);
 * - it learns the reader's section only after hydration: events that would load an index wait
 *   until it has (earlySearchInput.ts, which also remembers the keys typed before then).
 */
import {releaseSearchEvents, takeQueryTypedBeforeReady} from './earlySearchInput';

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
  const observer = new MutationObserver(() => {
    if (input.getAttribute('role') !== 'combobox') return;
    observer.disconnect();
    // Only what the reader typed: the plugin also fills the box from ?_highlight=.
    const query = takeQueryTypedBeforeReady();
    if (query === '') return;
    typeValue(input, '');
    typeValue(input, query);
  });
  observer.observe(input, {attributes: true, attributeFilter: ['role']});
  return () => observer.disconnect();
}

/** Runs `callback` a frame and a task from now: by then the plugin's own effects have run and React has rendered their state. */
function afterPluginSettled(callback: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(callback);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

export function warmUpSearch(input: HTMLInputElement): () => void {
  const stopReplay = replayQueryWhenReady(input);
  let cancelIdle = () => undefined as void;
  const cancelSettle = afterPluginSettled(() => {
    releaseSearchEvents(input);
    const connection = (navigator as Navigator & {connection?: NetworkInformation}).connection;
    if (isSlowConnection(connection)) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => requestIndexLoad(input));
    cancelIdle = () => cancel(handle);
  });
  return () => {
    cancelSettle();
    cancelIdle();
    stopReplay();
  };
}
