/**
 * How the build marks what only some readers may see inside a file every reader loads (a page's
 * sidebar, the route table in main.js, a version's sidebar data, a search manifest), and how the gate
 * cuts each reader's copy out of it. One build serves every view: the gate sends each reader the file
 * without the marked pieces their view does not meet, and without any marker at all.
 *
 * Three forms, one meaning ("what follows, up to the matching end, is for readers of KEY"):
 * - in JavaScript and JSON, string elements of an array (they survive minification):
 *   `"__th_b7_staff__", <elements>, "__th_e7__"`;
 * - in HTML, empty template elements that the server-side render writes around an element:
 *   `<template data-th-b="staff"></template> … <template data-th-e=""></template>`;
 * - in a bundle the build edits after minification (the runtime's chunk tables), comments around an
 *   entry: `/*__th_b:staff*\/1:"x"/*__th_e*\/`.
 */
import {conditionOfKey, isVisible, type Condition, type View} from './audiences';

/** The field of a data item (a sidebar item, a version, a route) that says who may see it: a condition key. */
export const AUDIENCE_FIELD = '__audience';
/**
 * What a marked item keeps in the browser's copy of the data instead of its annotation: only that some
 * readers of its list may not see it (a list's first item everyone sees is where a shared link goes).
 */
export const RESTRICTED_FIELD = '__restricted';
/** A list item (a sidebar category) some of whose items are marked: what it counts differs from reader to reader. */
export const HOLDS_RESTRICTED_FIELD = '__holdsRestricted';
/**
 * A field whose value depends on who reads, in the build's data: `{"__audienceChoices": {"field":
 * [{"audience": "*", "value": a}, {"value": b}]}}` (the server-side render reads the field itself, the
 * widest reader's value). The browser's copy holds `{"field": {"__audienceChoice": [marked a, b]}}`:
 * each reader gets the first value they may see.
 */
export const CHOICES_FIELD = '__audienceChoices';
export const CHOICE_FIELD = '__audienceChoice';

export interface Choice {
  /** Who may see this value (a condition key); none: anyone who sees the field. */
  audience?: string;
  value: unknown;
}
/** An object whose entries are marked one by one: `{"__audienceEntries": [["key", value], …]}`. */
export const MARKED_ENTRIES_FIELD = '__audienceEntries';

const KEY = '[a-z0-9+*-]+';
const MARKER = new RegExp(
  [
    // A string element of an array: the begin names its condition.
    `(?<quote>["'])__th_(?:b[0-9a-z]+_(?<literal>${KEY})|e[0-9a-z]+)__\\k<quote>`,
    // The build's HTML minifier drops the quotes around a value it does not need them for.
    `<template data-th-(?:b=(?:"(?<html>${KEY})"|(?<bare>${KEY}))|e(?:="")?)></template>`,
    `/\\*__th_(?:b:(?<comment>${KEY})|e)\\*/`,
  ].join('|'),
  'g',
);
/** Cheap test before the scan: every marker form holds one of these. */
const MARKER_HINT = /__th_[be]|data-th-[be]=/;

/**
 * A begin or end marker's string literal, as the build writes it into JavaScript or JSON. `id` (letters
 * and digits) makes each literal unique in a bundle, so that no minifier folds two into one.
 */
export function literalMarker(kind: 'begin' | 'end', id: string, key?: string): string {
  return kind === 'begin' ? `__th_b${id}_${key}__` : `__th_e${id}__`;
}

export function isLiteralMarker(value: unknown): boolean {
  return typeof value === 'string' && /^__th_[be][0-9a-z]+_/.test(value);
}

export function htmlMarker(kind: 'begin' | 'end', key?: string): string {
  return kind === 'begin' ? `<template data-th-b="${key}"></template>` : '<template data-th-e=""></template>';
}

export function commentMarker(kind: 'begin' | 'end', key?: string): string {
  return kind === 'begin' ? `/*__th_b:${key}*/` : '/*__th_e*/';
}

export interface Marker {
  start: number;
  end: number;
  /** The condition of a begin marker; null for an end marker. */
  condition: Condition | null;
  /** A string element of an array: removing it takes a comma with it. */
  element: boolean;
}

export interface Template {
  markers: Marker[];
  /** JavaScript or JSON: a piece removed from a list takes one of its commas with it. */
  commas: boolean;
  /** The conditions of its pieces, for the views that see the same file. */
  conditions: Condition[];
}

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** Whether a text holds any marker (cheap: a file without one is sent as it is). */
export function mayHoldMarkers(text: string): boolean {
  return MARKER_HINT.test(text);
}

/** The markers of a file, or null when it has none. Throws TemplateError when begins and ends do not pair up. */
export function templateOf(text: string, {commas}: {commas: boolean}): Template | null {
  if (!mayHoldMarkers(text)) return null;
  const markers: Marker[] = [];
  const conditions = new Map<string, Condition>();
  let depth = 0;
  for (const match of text.matchAll(MARKER)) {
    const {quote, literal, html, bare, comment} = match.groups!;
    const key = literal ?? html ?? bare ?? comment ?? null;
    const start = match.index;
    if (key !== null) {
      depth++;
      conditions.set(key, conditionOfKey(key));
    } else if (--depth < 0) {
      throw new TemplateError(`an end marker without a begin at offset ${start}`);
    }
    markers.push({start, end: start + match[0].length, condition: key === null ? null : conditionOfKey(key), element: quote !== undefined});
  }
  if (depth !== 0) throw new TemplateError(`${depth} begin marker(s) without an end`);
  return markers.length === 0 ? null : {markers, commas, conditions: [...conditions.values()]};
}

/**
 * The file as one view gets it: pieces whose condition the view does not meet left out, every marker
 * removed. In JavaScript and JSON a removed list element takes the comma after it (or, last in its
 * list, the one before it), so what remains is as valid as the whole was.
 */
export function assemble(text: string, {markers, commas}: Template, view: View): string {
  let out = '';
  let position = 0;
  /** How deep inside a left-out piece the scan is (0: not in one). */
  let skipping = 0;
  const dropComma = () => {
    if (!commas) return;
    if (text[position] === ',') position++;
    else if (out.endsWith(',')) out = out.slice(0, -1);
  };
  for (const marker of markers) {
    if (skipping > 0) {
      skipping += marker.condition === null ? -1 : 1;
      if (skipping === 0) {
        position = marker.end;
        dropComma();
      }
      continue;
    }
    out += text.slice(position, marker.start);
    position = marker.end;
    if (marker.condition !== null && !isVisible(marker.condition, view)) {
      skipping = 1;
      continue;
    }
    if (marker.element) dropComma();
  }
  return out + text.slice(position);
}
