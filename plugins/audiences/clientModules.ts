/**
 * The browser's copies of the modules Docusaurus generates, with the pieces some readers may not see
 * marked for the gate (contracts/audienceMarkers.ts): the route table, the chunk registry and the
 * routes' chunk names, the global data, each route's data (a version's sidebars, a category's page),
 * and the site config without the plugins' options (which name sections and versions). Also who may
 * load each route and chunk: the one rule the registry's marks and the gate's list of files
 * (servedFiles.ts) both follow. Pure: string to string, run by bundleCopies.ts.
 */
import {createHash} from 'node:crypto';
import {parse} from 'acorn';
import type {ArrayExpression, ExportDefaultDeclaration, Node, ObjectExpression, Property} from 'acorn';
import {
  annotationOf,
  AUDIENCE_FIELD,
  CHOICE_FIELD,
  CHOICES_FIELD,
  MARKED_ENTRIES_FIELD,
  RESTRICTED_FIELD,
  type Choice,
  type MarkerSyntax,
} from '../../contracts/audienceMarkers';
import {conditionOfKey, READERS, unionOf, type Condition} from '../../contracts/audiences';
import {annotationFor} from './siteConditions';

/** What the browser's copy imports to turn its data back into what Docusaurus wrote (src/audiences/unmark.ts). */
export const UNMARK_MODULE = '@site/src/audiences/unmark';
const IMPORT_UNMARK = `import {unmark} from ${JSON.stringify(UNMARK_MODULE)};\n`;
/** The call that ends a copy: its value, unmarked. */
const unmarked = (value: string, markers: MarkerSyntax) => `unmark(${value}, ${JSON.stringify(markers.key)})`;

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

function wrap(code: string, key: string | undefined, id: () => string, markers: MarkerSyntax): string {
  if (key === undefined) return code;
  const marker = id();
  return `${JSON.stringify(markers.literal('begin', marker, key))},${code},${JSON.stringify(markers.literal('end', marker))}`;
}

/** A field's values by reader, as the data module writes them (CHOICES_FIELD). */
class ChoiceOf {
  constructor(readonly choices: readonly Choice[]) {}
}

/** JSON data as a module whose annotated list items (and object entries) are marked, their annotations left as RESTRICTED_FIELD. */
export function markedDataModule(json: string, moduleName: string, markers: MarkerSyntax): string {
  const id = markerIds(moduleName);
  const emit = (value: unknown): string => {
    if (value instanceof ChoiceOf) {
      const alternatives = value.choices.map(({audience, value: alternative}) => wrap(emit(alternative), audience, id, markers));
      return `{${JSON.stringify(CHOICE_FIELD)}:[${alternatives.join(',')}]}`;
    }
    if (Array.isArray(value)) return `[${value.map((item) => wrap(emit(item), annotationOf(item), id, markers)).join(',')}]`;
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
      const marked = entries.map(([key, item]) => wrap(`[${JSON.stringify(key)},${emit(item)}]`, annotationOf(item), id, markers));
      return `{${JSON.stringify(MARKED_ENTRIES_FIELD)}:[${marked.join(',')}]}`;
    }
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${emit(item)}`).join(',')}}`;
  };
  return `${IMPORT_UNMARK}export default ${unmarked(emit(JSON.parse(json)), markers)};\n`;
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

/** Who may open a route, and whether it is a page (a route with none inside) or a route around pages. */
export interface RouteReaders {
  path: string;
  condition: Condition;
  page: boolean;
}

/**
 * Who may open each route of the table, and who may load the list around it (`container`): its own
 * annotation, else the route's around it. A route of the top level without one is every signed-in
 * reader's (READERS), never the public's: the docs plugin's wrapper annotates each of its routes (docs.ts),
 * the search plugin its page; a page any other plugin adds (the home page, a team's) is for readers
 * only, and the leak proof checks that it names nothing narrower. The top-level list is the site's
 * widest (`base`): every reader who loads the site's scripts has it.
 */
function walkRoutes(
  declaration: Node,
  base: Condition,
  visit: (route: ObjectExpression, condition: Condition, container: Condition, annotation: Property | undefined) => void,
): void {
  const walk = (list: ArrayExpression, container: Condition, top: boolean) => {
    for (const element of list.elements) {
      if (element?.type !== 'ObjectExpression') continue;
      const annotation = propertyOf(element, AUDIENCE_FIELD);
      const own = literalOf(annotation);
      const condition = own !== undefined ? conditionOfKey(own) : top ? READERS : container;
      visit(element, condition, container, annotation);
      const children = propertyOf(element, 'routes')?.value;
      if (children?.type === 'ArrayExpression') walk(children, condition, false);
    }
  };
  if (declaration.type !== 'ArrayExpression') throw new Error('routes.js does not export a list of routes');
  walk(declaration as ArrayExpression, base, true);
}

/** Each route by its key, who may open it (walkRoutes), and whether it is a page. */
export function routeConditions(routesSource: string, base: Condition): Map<string, RouteReaders> {
  const routes = new Map<string, RouteReaders>();
  walkRoutes(defaultExport(parseModule(routesSource)).declaration, base, (route, condition) => {
    const key = routeKeyOf(route);
    const path = literalOf(propertyOf(route, 'path'));
    if (key !== undefined && path !== undefined) routes.set(key, {path, condition, page: propertyOf(route, 'routes') === undefined});
  });
  return routes;
}

/** routes.js with each route narrower than the list around it marked and the annotations dropped, the table unmarked in the browser. */
export function markedRoutesModule(routesSource: string, base: Condition, markers: MarkerSyntax): string {
  const id = markerIds('routes');
  const edits: Edit[] = [];
  const declaration = defaultExport(parseModule(routesSource)).declaration;
  walkRoutes(declaration, base, (route, condition, container, annotation) => {
    if (annotation) {
      const index = route.properties.indexOf(annotation);
      const before = index > 0 ? route.properties[index - 1]!.end : route.start + 1;
      edits.push({start: before, end: annotation.end, text: ''});
    }
    const key = annotationFor(condition, container);
    if (key === undefined) return;
    const marker = id();
    edits.push({start: route.start, end: route.start, text: `${JSON.stringify(markers.literal('begin', marker, key))},`});
    edits.push({start: route.end, end: route.end, text: `,${JSON.stringify(markers.literal('end', marker))}`});
  });
  edits.push(
    {start: declaration.start, end: declaration.start, text: 'unmark('},
    {start: declaration.end, end: declaration.end, text: `, ${JSON.stringify(markers.key)})`},
  );
  return IMPORT_UNMARK + applyEdits(routesSource, edits);
}

export type ChunkNames = string | {[key: string]: ChunkNames};

export function chunkNamesIn(value: ChunkNames, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else for (const nested of Object.values(value)) chunkNamesIn(nested, into);
  return into;
}

/** Each chunk's condition: the union of its routes' (routeConditions). */
export function chunkConditions(routes: ReadonlyMap<string, RouteReaders>, chunkNames: Record<string, ChunkNames>): Map<string, Condition> {
  const chunks = new Map<string, Condition>();
  for (const [routeKey, names] of Object.entries(chunkNames)) {
    const condition = routes.get(routeKey)?.condition;
    if (condition === undefined) throw new Error(`routesChunkNames.json names the route ${routeKey}, which routes.js does not have`);
    for (const name of chunkNamesIn(names)) {
      const known = chunks.get(name);
      chunks.set(name, known === undefined ? condition : unionOf(known, condition));
    }
  }
  return chunks;
}

/** routesChunkNames.json with the entries of routes narrower than the site marked. */
export function markedChunkNamesModule(
  chunkNames: Record<string, ChunkNames>,
  routes: ReadonlyMap<string, RouteReaders>,
  base: Condition,
  markers: MarkerSyntax,
): string {
  const id = markerIds('routesChunkNames');
  const entries = Object.entries(chunkNames).map(([routeKey, names]) =>
    wrap(JSON.stringify([routeKey, names]), annotationFor(routes.get(routeKey)?.condition, base), id, markers),
  );
  return `${IMPORT_UNMARK}export default Object.fromEntries(${unmarked(`[${entries.join(',')}]`, markers)});\n`;
}

/**
 * registry.js with the chunks narrower than the site marked; `dataModule` names the browser's copy of
 * a generated data module (a route's props) that has annotations, or undefined to keep the module.
 */
export function markedRegistryModule(
  registrySource: string,
  chunks: ReadonlyMap<string, Condition>,
  base: Condition,
  dataModule: (request: string) => string | undefined,
  markers: MarkerSyntax,
): string {
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
    return wrap(`[${JSON.stringify(name)},${value}]`, annotationFor(chunks.get(name), base), id, markers);
  });
  return `${IMPORT_UNMARK}export default Object.fromEntries(${unmarked(`[${entries.join(',\n')}]`, markers)});\n`;
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
