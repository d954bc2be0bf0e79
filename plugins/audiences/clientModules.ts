/**
 * The browser's copies of the modules Docusaurus generates, with the pieces some readers may not see
 * marked for the gate (contracts/audienceMarkers.ts): the route table, the chunk registry and the
 * routes' chunk names, the global data, each route's data (a version's sidebars, a category's page),
 * and the site config without the plugins' options (which name sections and versions). The
 * server-side render reads the modules as generated; only the browser bundle gets these. Pure: string
 * to string, run by plugins/audiences/loader.ts.
 */
import {createHash} from 'node:crypto';
import {parse} from 'acorn';
import type {ArrayExpression, ExportDefaultDeclaration, Node, ObjectExpression, Property} from 'acorn';
import {
  AUDIENCE_FIELD,
  CHOICE_FIELD,
  CHOICES_FIELD,
  literalMarker,
  MARKED_ENTRIES_FIELD,
  RESTRICTED_FIELD,
  type Choice,
} from '../../contracts/audienceMarkers';
import {conditionKey, conditionOfKey, unionOf, type Condition} from '../../contracts/audiences';

/** What the browser's copy imports to drop the markers the gate did not cut (the dev server has no gate). */
export const UNMARK_MODULE = '@site/src/audiences/unmark';
const IMPORT_UNMARK = `import {unmark} from ${JSON.stringify(UNMARK_MODULE)};\n`;

/** Numbers the markers of one module apart from every other module's. */
function markerIds(moduleName: string): () => string {
  const prefix = createHash('sha256')
    .update(moduleName)
    .digest('hex')
    .slice(0, 6)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  let next = 0;
  return () => `${prefix}${(next++).toString(36)}`;
}

function wrap(code: string, key: string | undefined, id: () => string): string {
  if (key === undefined) return code;
  const marker = id();
  return `${JSON.stringify(literalMarker('begin', marker, key))},${code},${JSON.stringify(literalMarker('end', marker))}`;
}

const annotationOf = (value: unknown): string | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? ((value as Record<string, unknown>)[AUDIENCE_FIELD] as string | undefined)
    : undefined;

/** A field's values by reader, as the data module writes them (CHOICES_FIELD). */
class ChoiceOf {
  constructor(readonly choices: readonly Choice[]) {}
}

/** JSON data as a module whose annotated list items (and object entries) are marked, their annotations left as RESTRICTED_FIELD. */
export function markedDataModule(json: string, moduleName: string): string {
  const id = markerIds(moduleName);
  const emit = (value: unknown): string => {
    if (value instanceof ChoiceOf) {
      const alternatives = value.choices.map(({audience, value: alternative}) => wrap(emit(alternative), audience, id));
      return `{${JSON.stringify(CHOICE_FIELD)}:[${alternatives.join(',')}]}`;
    }
    if (Array.isArray(value)) return `[${value.map((item) => wrap(emit(item), annotationOf(item), id)).join(',')}]`;
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    const choices = (value as {[CHOICES_FIELD]?: Record<string, Choice[]>})[CHOICES_FIELD] ?? {};
    const entries = Object.entries(value).flatMap(([key, item]): [string, unknown][] =>
      key === AUDIENCE_FIELD
        ? [[RESTRICTED_FIELD, true]]
        : key === CHOICES_FIELD
          ? []
          : [[key, key in choices ? new ChoiceOf(choices[key]!) : item]],
    );
    if (entries.some(([, item]) => annotationOf(item) !== undefined)) {
      const marked = entries.map(([key, item]) => wrap(`[${JSON.stringify(key)},${emit(item)}]`, annotationOf(item), id));
      return `{${JSON.stringify(MARKED_ENTRIES_FIELD)}:[${marked.join(',')}]}`;
    }
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${emit(item)}`).join(',')}}`;
  };
  return `${IMPORT_UNMARK}export default unmark(${emit(JSON.parse(json))});\n`;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(source: string, edits: Edit[]): string {
  let out = source;
  for (const {start, end, text} of [...edits].sort((a, b) => b.start - a.start || b.end - a.end))
    out = out.slice(0, start) + text + out.slice(end);
  return out;
}

function parseModule(source: string) {
  return parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
}

function defaultExport(program: ReturnType<typeof parseModule>): ExportDefaultDeclaration {
  const found = program.body.find((node): node is ExportDefaultDeclaration => node.type === 'ExportDefaultDeclaration');
  if (!found) throw new Error('the generated module has no default export');
  return found;
}

const keyName = (property: Property) =>
  property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;

function propertyOf(object: ObjectExpression, name: string): Property | undefined {
  return object.properties.find((property): property is Property => property.type === 'Property' && keyName(property) === name);
}

function literalOf(property: Property | undefined): string | undefined {
  return property?.value.type === 'Literal' && typeof property.value.value === 'string' ? property.value.value : undefined;
}

/** A route's key in the chunk-name table: its path and its hash (`ComponentCreator('/x', 'abc')`). */
function routeKeyOf(route: ObjectExpression): string | undefined {
  const component = propertyOf(route, 'component')?.value;
  if (component?.type !== 'CallExpression') return undefined;
  const [path, hash] = component.arguments.map((argument) => (argument.type === 'Literal' ? String(argument.value) : undefined));
  return path === undefined || hash === undefined ? undefined : `${path}-${hash}`;
}

/** Each route's key and its condition, when the route or one around it has one. */
export function routeConditions(routesSource: string): Map<string, Condition> {
  const conditions = new Map<string, Condition>();
  const walk = (list: ArrayExpression, inherited: Condition | undefined) => {
    for (const element of list.elements) {
      if (element?.type !== 'ObjectExpression') continue;
      const own = literalOf(propertyOf(element, AUDIENCE_FIELD));
      const condition = own === undefined ? inherited : conditionOfKey(own);
      const key = routeKeyOf(element);
      if (key !== undefined && condition !== undefined) conditions.set(key, condition);
      const children = propertyOf(element, 'routes')?.value;
      if (children?.type === 'ArrayExpression') walk(children, condition);
    }
  };
  const declaration = defaultExport(parseModule(routesSource)).declaration;
  if (declaration.type === 'ArrayExpression') walk(declaration, undefined);
  return conditions;
}

/** routes.js with each annotated route marked and its annotation dropped, the table unmarked in the browser. */
export function markedRoutesModule(routesSource: string): string {
  const id = markerIds('routes');
  const edits: Edit[] = [];
  const visit = (node: Node) => {
    if (node.type === 'ArrayExpression') {
      for (const element of (node as ArrayExpression).elements) {
        if (element?.type !== 'ObjectExpression') continue;
        const annotation = propertyOf(element, AUDIENCE_FIELD);
        const key = literalOf(annotation);
        if (annotation && key !== undefined) {
          const index = element.properties.indexOf(annotation);
          const before = index > 0 ? element.properties[index - 1]!.end : element.start + 1;
          edits.push({start: before, end: annotation.end, text: ''});
          const marker = id();
          edits.push({start: element.start, end: element.start, text: `${JSON.stringify(literalMarker('begin', marker, key))},`});
          edits.push({start: element.end, end: element.end, text: `,${JSON.stringify(literalMarker('end', marker))}`});
        }
        const children = propertyOf(element, 'routes')?.value;
        if (children) visit(children);
      }
    }
  };
  const declaration = defaultExport(parseModule(routesSource)).declaration;
  visit(declaration);
  edits.push(
    {start: declaration.start, end: declaration.start, text: 'unmark('},
    {start: declaration.end, end: declaration.end, text: ')'},
  );
  return IMPORT_UNMARK + applyEdits(routesSource, edits);
}

type ChunkNames = string | {[key: string]: ChunkNames};

function chunkNamesIn(value: ChunkNames, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else for (const nested of Object.values(value)) chunkNamesIn(nested, into);
  return into;
}

/**
 * Each chunk's condition: the union of its routes' (a chunk every reader's routes load needs none).
 * A route without a condition of its own or around it is open to every viewer of the table.
 */
export function chunkConditions(routesSource: string, chunkNamesJson: string): Map<string, Condition | null> {
  const routes = routeConditions(routesSource);
  const chunks = new Map<string, Condition | null>();
  for (const [routeKey, names] of Object.entries(JSON.parse(chunkNamesJson) as Record<string, ChunkNames>)) {
    const condition = routes.get(routeKey) ?? null;
    for (const name of chunkNamesIn(names)) {
      const known = chunks.get(name);
      chunks.set(name, known === undefined ? condition : known === null || condition === null ? null : unionOf(known, condition));
    }
  }
  return chunks;
}

/** routesChunkNames.json with the entries of annotated routes marked. */
export function markedChunkNamesModule(chunkNamesJson: string, routesSource: string): string {
  const routes = routeConditions(routesSource);
  const id = markerIds('routesChunkNames');
  const entries = Object.entries(JSON.parse(chunkNamesJson) as Record<string, ChunkNames>).map(([routeKey, names]) => {
    const condition = routes.get(routeKey);
    return wrap(JSON.stringify([routeKey, names]), condition && conditionKey(condition), id);
  });
  return `${IMPORT_UNMARK}export default Object.fromEntries(unmark([${entries.join(',')}]));\n`;
}

/**
 * registry.js with the chunks only annotated routes load marked; `dataModule` names the browser's copy of
 * a generated data module (a route's props) that has annotations, or undefined to keep the module.
 */
export function markedRegistryModule(
  registrySource: string,
  routesSource: string,
  chunkNamesJson: string,
  dataModule: (request: string) => string | undefined,
): string {
  const chunks = chunkConditions(routesSource, chunkNamesJson);
  const id = markerIds('registry');
  const declaration = defaultExport(parseModule(registrySource)).declaration;
  if (declaration.type !== 'ObjectExpression') throw new Error('registry.js does not export an object');
  const entries = declaration.properties.map((property) => {
    if (property.type !== 'Property' || property.value.type !== 'ArrayExpression')
      throw new Error('registry.js has an entry that is not [loader, module, id]');
    const name = keyName(property)!;
    const module = property.value.elements[1];
    const request = module?.type === 'Literal' ? String(module.value) : undefined;
    const copy = request === undefined ? undefined : dataModule(request);
    let value = registrySource.slice(property.value.start, property.value.end);
    if (copy !== undefined) value = value.split(JSON.stringify(request)).join(JSON.stringify(copy));
    const condition = chunks.get(name);
    return wrap(`[${JSON.stringify(name)},${value}]`, condition ? conditionKey(condition) : undefined, id);
  });
  return `${IMPORT_UNMARK}export default Object.fromEntries(unmark([${entries.join(',\n')}]));\n`;
}

/** The site config as the browser needs it: the plugins' and presets' options left out (they list sections and versions). */
export function clientConfigModule(configSource: string): string {
  const declaration = defaultExport(parseModule(configSource)).declaration;
  if (declaration.type !== 'ObjectExpression') return configSource;
  const edits = declaration.properties
    .filter(
      (property): property is Property =>
        property.type === 'Property' && ['plugins', 'presets', 'themes'].includes(keyName(property) ?? ''),
    )
    .map((property) => ({start: property.value.start, end: property.value.end, text: '[]'}));
  return applyEdits(configSource, edits);
}
