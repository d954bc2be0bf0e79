/**
 * How the build marks what only some readers may see inside a file every reader loads (a page's
 * sidebar, the route table in main.js, a version's sidebar data, a search manifest), and how the gate
 * cuts each reader's copy out of it. One build serves every view: the gate sends each reader the file
 * without the marked pieces their view does not meet, and without any marker at all.
 *
 * Three forms, one meaning ("what follows, up to the matching end, is for readers of CONDITION"), each
 * with the build's own marker key (here `k3y`, see MarkerSyntax):
 * - in JavaScript and JSON, string elements of an array (they survive minification):
 *   `"__thk3y_b7_staff__", <elements>, "__thk3y_e7__"`;
 * - in HTML, empty template elements that the server-side render writes around an element:
 *   `<template data-thk3y-b="staff"></template> … <template data-thk3y-e=""></template>`;
 * - in a bundle the build edits after minification (the runtime's chunk tables), comments around an
 *   entry: `/*__thk3y_b:staff*\/1:"x"/*__thk3y_e*\/`.
 */
import {conditionOfKey, sightOf, visibilityMask, type Condition, type Sight, type View} from './audiences';

/** The field of a data item (a sidebar item, a version, a route) that says who may see it: a condition key. */
export const AUDIENCE_FIELD = '__audience';
/**
 * What a marked item keeps in the browser's copy of the data instead of its annotation: only that some
 * readers of its list may not see it (a list's first item everyone sees is where a shared link goes).
 */
export const RESTRICTED_FIELD = '__restricted';
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

/** A data item's annotation (AUDIENCE_FIELD), if it is an object with one. */
export const annotationOf = (value: unknown): string | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? ((value as Record<string, unknown>)[AUDIENCE_FIELD] as string | undefined)
    : undefined;

/**
 * What one view gets of data the build annotated (AUDIENCE_FIELD, CHOICES_FIELD): the same items and
 * values the browser's marked copy gives that view once the gate has cut it and `unmark` has run
 * (plugins/audiences/clientModules.ts), the annotations of what it keeps left in place. The server-side
 * render of a page for one view reads its data so (src/audiences/ssrView.ts). A new value: the data is
 * left as it is.
 */
export function viewOfData<T>(value: T, seen: View | Sight): T {
  const sight = sightOf(seen);
  const sees = (item: unknown) => {
    const annotation = annotationOf(item);
    return annotation === undefined || sight(conditionOfKey(annotation));
  };
  const cut = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.filter(sees).map(cut);
    if (item === null || typeof item !== 'object') return item;
    const choices = (item as {[CHOICES_FIELD]?: Record<string, Choice[]>})[CHOICES_FIELD] ?? {};
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(item)) {
      if (key === CHOICES_FIELD) continue;
      if (key in choices) {
        const chosen = choices[key]!.find(({audience}) => audience === undefined || sight(conditionOfKey(audience)));
        out[key] = chosen === undefined ? undefined : cut(chosen.value);
      } else if (sees(entry)) out[key] = cut(entry);
    }
    return out;
  };
  return cut(value) as T;
}

/**
 * Where the server-side render finds what it renders a page for (plugins/audiences/viewRender.ts sets
 * it, src/audiences/ssrView.ts reads it), as a Sight; unset: every view.
 */
export const SSR_VIEW_GLOBAL = '__tutorialHubSsrView';

/** What a build's markers carry so that no other text is one: lower case letters and digits (plugins/audiences/docs.ts draws it). */
const MARKER_KEY = /^[0-9a-z]{6,16}$/;

export function isMarkerKey(key: string): boolean {
  return MARKER_KEY.test(key);
}

const CONDITION = '[a-z0-9+*-]+';

/**
 * One build's markers. Each carries the build's own key, drawn anew for every build: text shaped like
 * a marker that a doc holds (a code sample about this very syntax, a string) has another key or none,
 * so it is text, neither cut nor refused.
 */
export class MarkerSyntax {
  private readonly pattern: RegExp;
  private readonly hint: RegExp;
  private readonly literalPattern: RegExp;

  private static last: MarkerSyntax | undefined;

  /** The markers of a key, made once for the key asked for last (a browser or a render asks for one build's, many times). */
  static of(key: string): MarkerSyntax {
    if (MarkerSyntax.last?.key !== key) MarkerSyntax.last = new MarkerSyntax(key);
    return MarkerSyntax.last;
  }

  constructor(readonly key: string) {
    if (!isMarkerKey(key)) throw new Error(`"${key}" is not a marker key (6 to 16 lower case letters and digits)`);
    this.pattern = new RegExp(
      [
        // A string element of an array: the begin names its condition.
        `(?<quote>["'])__th${key}_(?:b[0-9a-z]+_(?<literal>${CONDITION})|e[0-9a-z]+)__\\k<quote>`,
        // The build's HTML minifier drops the quotes around a value it does not need them for.
        `<template data-th${key}-(?:b=(?:"(?<html>${CONDITION})"|(?<bare>${CONDITION}))|e(?:="")?)></template>`,
        `/\\*__th${key}_(?:b:(?<comment>${CONDITION})|e)\\*/`,
      ].join('|'),
      'g',
    );
    this.hint = new RegExp(`__th${key}_|data-th${key}-`);
    this.literalPattern = new RegExp(`^__th${key}_[be][0-9a-z]+_`);
  }

  /**
   * A begin or end marker's string literal, as the build writes it into JavaScript or JSON. `id` (letters
   * and digits) makes each literal unique in a bundle, so that no minifier folds two into one.
   */
  literal(kind: 'begin' | 'end', id: string, condition?: string): string {
    return kind === 'begin' ? `__th${this.key}_b${id}_${condition}__` : `__th${this.key}_e${id}__`;
  }

  isLiteral(value: unknown): boolean {
    return typeof value === 'string' && this.literalPattern.test(value);
  }

  /** The attribute of the empty `<template>` element the server-side render writes (src/audiences/Restricted.tsx). */
  htmlAttribute(kind: 'begin' | 'end'): string {
    return `data-th${this.key}-${kind === 'begin' ? 'b' : 'e'}`;
  }

  html(kind: 'begin' | 'end', condition?: string): string {
    return kind === 'begin'
      ? `<template ${this.htmlAttribute('begin')}="${condition}"></template>`
      : `<template ${this.htmlAttribute('end')}=""></template>`;
  }

  comment(kind: 'begin' | 'end', condition?: string): string {
    return kind === 'begin' ? `/*__th${this.key}_b:${condition}*/` : `/*__th${this.key}_e*/`;
  }

  /** Whether a text holds any marker of this build (cheap: a file without one is sent as it is). */
  mayHold(text: string): boolean {
    return this.hint.test(text);
  }

  /** The markers of a file, or null when it has none. Throws TemplateError when begins and ends do not pair up. */
  templateOf(text: string, {commas}: {commas: boolean}): Template | null {
    if (!this.mayHold(text)) return null;
    const markers: Marker[] = [];
    const conditions = new Map<string, Condition>();
    let depth = 0;
    for (const match of text.matchAll(this.pattern)) {
      const {quote, literal, html, bare, comment} = match.groups!;
      const key = literal ?? html ?? bare ?? comment ?? null;
      const start = match.index;
      if (key !== null) {
        depth++;
        conditions.set(key, conditionOfKey(key));
      } else if (--depth < 0) {
        throw new TemplateError(`an end marker without a begin at offset ${start}`);
      }
      markers.push({
        start,
        end: start + match[0].length,
        condition: key === null ? null : conditionOfKey(key),
        element: quote !== undefined,
      });
    }
    if (depth !== 0) throw new TemplateError(`${depth} begin marker(s) without an end`);
    return markers.length === 0 ? null : {markers, commas, conditions: [...conditions.values()]};
  }
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

/** The files that may hold markers, which the gate cuts: pages, scripts and data. Markers in any other file are text. */
export function isMarkable(file: string): boolean {
  return /\.(?:html|js|json)$/.test(file);
}

/**
 * Which of a file's pieces a view gets, as one string: views that meet the same of its conditions get the
 * same copy, however many other audiences they hold (a cut is made once per kind, not per view).
 */
export function cutKey({conditions}: Template, view: View): string {
  return visibilityMask(conditions, view);
}

/**
 * The file as one view (or a Sight) gets it: pieces whose condition the view does not meet left out, every marker
 * removed. In JavaScript and JSON a removed list element takes the comma after it (or, last in its
 * list, the one before it), so what remains is as valid as the whole was.
 */
export function assemble(text: string, {markers, commas}: Template, seen: View | Sight): string {
  const sight = sightOf(seen);
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
    if (marker.condition !== null && !sight(marker.condition)) {
      skipping = 1;
      continue;
    }
    if (marker.element) dropComma();
  }
  return out + text.slice(position);
}
