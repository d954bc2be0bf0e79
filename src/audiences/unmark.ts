/**
 * The browser's half of the audience markers (contracts/audienceMarkers.ts): the data modules the build
 * marks (plugins/audiences/clientModules.ts) call this on their value. Behind the gate the markers are
 * already gone, with what the reader may not see; a build served without it (`docusaurus serve`)
 * still has them, and they are dropped here. Objects whose entries were marked one by one become
 * plain objects again, and a value chosen by reader the first one left.
 */
import {CHOICE_FIELD, MarkerSyntax, MARKED_ENTRIES_FIELD} from '../../contracts/audienceMarkers';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

function unmarkWith<T>(value: T, markers: MarkerSyntax): T {
  if (Array.isArray(value)) return value.filter((item) => !markers.isLiteral(item)).map((item) => unmarkWith(item, markers)) as T;
  if (!isPlainObject(value)) return value;
  const entries = value[MARKED_ENTRIES_FIELD];
  if (Array.isArray(entries) && Object.keys(value).length === 1)
    return Object.fromEntries(unmarkWith(entries, markers) as [string, unknown][]) as T;
  const choice = value[CHOICE_FIELD];
  if (Array.isArray(choice) && Object.keys(value).length === 1) return (unmarkWith(choice, markers) as unknown[])[0] as T;
  const object: Record<string, unknown> = value;
  for (const key of Object.keys(object)) object[key] = unmarkWith(object[key], markers);
  return value;
}

/** `markerKey`: the build's (MarkerSyntax), which the copies write beside their value. */
export function unmark<T>(value: T, markerKey: string): T {
  return unmarkWith(value, MarkerSyntax.of(markerKey));
}
