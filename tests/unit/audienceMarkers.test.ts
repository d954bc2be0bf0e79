import {describe, expect, it} from 'vitest';
import {assemble, MarkerSyntax, TemplateError, viewOfData} from '../../contracts/audienceMarkers';
import {asVisitorPage, readerView, VISITOR_VIEW, type View} from '../../contracts/audiences';
import {
  chunkConditions,
  clientConfigModule,
  markedChunkNamesModule,
  markedDataModule,
  markedRegistryModule,
  markedRoutesModule,
  routeConditions,
} from '../../plugins/audiences/clientModules';
import {fileConditions, markedRuntime} from '../../plugins/audiences/servedFiles';
import {unmark} from '../../src/audiences/unmark';

/** The markers of the builds these tests stand in for. */
const MARKERS = new MarkerSyntax('k3yk3y');
const NOBODY = readerView([]);
const PARTNERS = readerView(['partners']);
const STAFF = readerView(['staff']);

/** What a view gets of a text: cut by its markers. */
function cut(text: string, view: View, commas = true): string {
  const template = MARKERS.templateOf(text, {commas});
  return template === null ? text : assemble(text, template, view);
}

describe('cutting a file for a reader', () => {
  const list = '[a,"__thk3yk3y_bx1_staff__",{p:1},"__thk3yk3y_ex1__",b,"__thk3yk3y_bx2_partners+staff__",c,"__thk3yk3y_ex2__"]';
  it.each<[string, View, string]>([
    ['nobody in an audience gets the rest', NOBODY, '[a,b]'],
    ['staff get both pieces', STAFF, '[a,{p:1},b,c]'],
    ['partners get theirs', PARTNERS, '[a,b,c]'],
  ])('JavaScript: %s, without a marker or a stray comma', (_case, view, expected) => expect(cut(list, view)).toBe(expected));

  it.each<[string, string, string]>([
    ['first in its list', '["__thk3yk3y_bq_staff__",x,"__thk3yk3y_eq__",y]', '[y]'],
    ['last in its list', '[y,"__thk3yk3y_bq_staff__",x,"__thk3yk3y_eq__"]', '[y]'],
    ['alone in its list', '{k:["__thk3yk3y_bq_staff__",x,"__thk3yk3y_eq__"]}', '{k:[]}'],
    ['nested in a piece left out', '["__thk3yk3y_bo_staff__",["__thk3yk3y_bi_partners__",x,"__thk3yk3y_ei__"],"__thk3yk3y_eo__",z]', '[z]'],
    ['in JSON with single quotes around it', "['__thk3yk3y_bq_staff__',1,'__thk3yk3y_eq__',2]", '[2]'],
  ])('JavaScript: a piece %s', (_case, text, expected) => expect(cut(text, NOBODY)).toBe(expected));

  it('JSON stays JSON: no comma is left before a closing bracket or after an opening one', () => {
    const json =
      '{"k":[1,"__thk3yk3y_bq_staff__",2,"__thk3yk3y_eq__"],"m":["__thk3yk3y_br_staff__",3,"__thk3yk3y_er__",4],"n":["__thk3yk3y_bs_staff__",5,"__thk3yk3y_es__"]}';
    expect(JSON.parse(cut(json, NOBODY))).toEqual({k: [1], m: [4], n: []});
    expect(JSON.parse(cut(json, STAFF))).toEqual({k: [1, 2], m: [3, 4], n: [5]});
  });

  it("cuts the runtime's chunk tables, whose entries the build marks with comments", () => {
    const runtime = '{1:"a",/*__thk3yk3y_b:staff*/2:"b"/*__thk3yk3y_e*/,3:"c",/*__thk3yk3y_b:staff*/4:"d"/*__thk3yk3y_e*/}';
    expect(cut(runtime, NOBODY)).toBe('{1:"a",3:"c"}');
    expect(cut(runtime, STAFF)).toBe('{1:"a",2:"b",3:"c",4:"d"}');
  });

  it("cuts a page's HTML by the server render's template elements, whichever way the minifier quotes them", () => {
    const html = `<ul><li>a</li>${MARKERS.html('begin', 'staff')}<li>s</li>${MARKERS.html('end')}<li>b</li><template data-thk3yk3y-b=partners></template><li>p</li><template data-thk3yk3y-e></template></ul>`;
    expect(cut(html, NOBODY, false)).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(cut(html, STAFF, false)).toBe('<ul><li>a</li><li>s</li><li>b</li></ul>');
    expect(cut(html, PARTNERS, false)).toBe('<ul><li>a</li><li>b</li><li>p</li></ul>');
  });

  it('leaves a file without markers alone, and refuses markers that do not pair up', () => {
    expect(MARKERS.templateOf('const x = "__thk3yk3y_" + y; <template data-thk3yk3y-x></template>', {commas: true})).toBeNull();
    expect(() => MARKERS.templateOf('["__thk3yk3y_bq_staff__",1]', {commas: true})).toThrow(TemplateError);
    expect(() => MARKERS.templateOf('[1,"__thk3yk3y_eq__"]', {commas: true})).toThrow(TemplateError);
  });

  it.each([
    ['a code sample of the syntax without a key', 'const marks = ["__th_bq_staff__", secret, "__th_eq__"];'],
    ['markers of another build', '["__th0ther0_bq_staff__",1,"__th0ther0_eq__"] <template data-th0ther0-b="staff"></template>'],
    ['an unpaired marker of another build', '<template data-thabcdef-b="staff"></template> only a begin'],
    ['a comment shaped like one', '/*__th_b:staff*/ x /*__th_e*/'],
  ])("takes text shaped like a marker, but not this build's, as text: %s", (_case, text) => {
    expect(MARKERS.mayHold(text)).toBe(false);
    expect(MARKERS.templateOf(text, {commas: true})).toBeNull();
  });

  it('refuses a marker key that could be mistaken for something else', () => {
    for (const key of ['', 'abc', 'UPPER1', 'has_underscore', 'k3y-k3y', 'a'.repeat(17)]) expect(() => new MarkerSyntax(key)).toThrow();
  });

  it('marks a page a visitor gets, outside what React hydrates', () => {
    expect(asVisitorPage('<!doctype html><html lang="en" dir="ltr"><head>')).toBe(
      '<!doctype html><html data-public-visit lang="en" dir="ltr"><head>',
    );
  });
});

/** Evaluates a module the build writes for the browser, as the gate cut it for `view`. */
function evaluate(code: string, view: View): unknown {
  const body = cut(code, view)
    .replace(/^import \{unmark\} from "[^"]+";\n/, '')
    .replace('export default', 'return');
  return new Function('unmark', 'ComponentCreator', body)(unmark, (path: string, hash: string) => `${path}@${hash}`);
}

describe("the browser's copies of the generated modules", () => {
  it('marks annotated list items and object entries, and leaves the browser only whether an item was restricted', () => {
    const data = {
      docsSidebars: {
        s: [
          {type: 'link', docId: 'a'},
          {type: 'link', docId: 'b', __audience: 'staff'},
        ],
      },
      docs: {a: {id: 'a'}, b: {id: 'b', __audience: 'staff'}},
    };
    const code = markedDataModule(JSON.stringify(data), 'version', MARKERS);
    expect(evaluate(code, NOBODY)).toEqual({docsSidebars: {s: [{type: 'link', docId: 'a'}]}, docs: {a: {id: 'a'}}});
    expect(evaluate(code, STAFF)).toEqual({
      docsSidebars: {
        s: [
          {type: 'link', docId: 'a'},
          {type: 'link', docId: 'b', __restricted: true},
        ],
      },
      docs: {a: {id: 'a'}, b: {id: 'b', __restricted: true}},
    });
    // Uncut (the dev server): every item, no marker.
    expect(new Function('unmark', code.replace(/^import.*\n/, '').replace('export default', 'return'))(unmark)).toEqual(
      evaluate(code, STAFF),
    );
  });

  it("gives each reader the first value of a field chosen by reader, and the server-side render the widest reader's", () => {
    const data = {
      versions: [
        {name: 'current', mainDocId: 'overview', __audienceChoices: {mainDocId: [{audience: '*', value: 'overview'}, {value: 'welcome'}]}},
      ],
    };
    const code = markedDataModule(JSON.stringify(data), 'globalData', MARKERS);
    expect(evaluate(code, readerView([]))).toEqual({versions: [{name: 'current', mainDocId: 'overview'}]});
    expect(evaluate(code, VISITOR_VIEW)).toEqual({versions: [{name: 'current', mainDocId: 'welcome'}]});
    const only = markedDataModule(
      JSON.stringify({link: {path: '/intro'}, __audienceChoices: {link: [{audience: '*', value: {path: '/intro'}}]}}),
      'sidebars',
      MARKERS,
    );
    expect(evaluate(only, VISITOR_VIEW)).toEqual({link: undefined});
    expect(code).not.toMatch(/__audienceChoices/);
  });

  it('gives the server-side render of one view the data the browser of that view gets (viewOfData)', () => {
    const data = {
      versions: [
        {name: 'current', mainDocId: 'overview', __audienceChoices: {mainDocId: [{audience: '*', value: 'overview'}, {value: 'welcome'}]}},
        {name: '0.9', __audience: 'legacy', docs: [{id: 'x'}]},
      ],
      docsSidebars: {
        s: [
          {type: 'link', docId: 'a'},
          {type: 'category', __audience: 'partners+staff', items: [{docId: 'b', __audience: 'staff'}]},
        ],
      },
      docs: {a: {id: 'a'}, b: {id: 'b', __audience: 'staff'}, c: {id: 'c', __audience: 'partners'}},
    };
    const code = markedDataModule(JSON.stringify(data), 'data', MARKERS);
    const unannotated = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (key, item: unknown) => (key === '__audience' || key === '__restricted' ? undefined : item)));
    for (const view of [NOBODY, PARTNERS, STAFF, readerView(['legacy', 'partners']), VISITOR_VIEW]) {
      expect(unannotated(viewOfData(data, view))).toEqual(unannotated(evaluate(code, view)));
    }
    // What it keeps keeps its annotation: the render marks it, and the page is then cut for the view.
    expect(viewOfData(data, STAFF).docs.b).toEqual({id: 'b', __audience: 'staff'});
    // A new value each time: the data itself is left whole (the next render reads it again).
    expect(data.docs.c).toEqual({id: 'c', __audience: 'partners'});
  });

  const routes = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/',
    component: ComponentCreator('/', 'aaa'),
    routes: [
      {
        path: '/1.0',
        component: ComponentCreator('/1.0', 'bbb'),
        __audience: "legacy",
        routes: [
          {
            path: '/1.0/intro',
            component: ComponentCreator('/1.0/intro', 'ccc'),
            exact: true
          }
        ]
      },
      {
        path: '/team',
        component: ComponentCreator('/team', 'ddd'),
        exact: true,
        __audience: "staff"
      },
      {
        path: '/intro',
        component: ComponentCreator('/intro', 'eee'),
        exact: true
      }
    ]
  }
];
`;

  const routeReaders = () => routeConditions(routes, '*');

  it('knows every route’s condition: its own, else the one around it, else every signed-in reader’s', () => {
    expect(Object.fromEntries([...routeReaders()].map(([key, {condition, page}]) => [key, {condition, page}]))).toEqual({
      '/-aaa': {condition: '*', page: false},
      '/1.0-bbb': {condition: ['legacy'], page: false},
      '/1.0/intro-ccc': {condition: ['legacy'], page: true},
      '/team-ddd': {condition: ['staff'], page: true},
      '/intro-eee': {condition: '*', page: true},
    });
  });

  // A page another plugin adds (the home page, a team's) says nothing of its readers: never the public's.
  const publicSite = `export default [
  {path: '/', component: ComponentCreator('/', 'hom'), exact: true},
  {path: '/search', component: ComponentCreator('/search', 'sea'), exact: true, __audience: "public"},
  {path: '/', component: ComponentCreator('/', 'doc'), __audience: "public", routes: [
    {path: '/preview', component: ComponentCreator('/preview', 'pre'), exact: true},
    {path: '/guide', component: ComponentCreator('/guide', 'gui'), exact: true, __audience: "*"}
  ]}
];
`;
  it.each([
    ['/-hom', '*'],
    ['/search-sea', 'public'],
    ['/-doc', 'public'],
    ['/preview-pre', 'public'],
    ['/guide-gui', '*'],
  ])('on a site with public pages, the route %s is for %s', (key, condition) => {
    expect(routeConditions(publicSite, 'public').get(key)?.condition).toEqual(condition);
  });

  it('hides from the public the routes of the top level that say nothing of their readers', () => {
    const table = (view: View) =>
      (evaluate(markedRoutesModule(publicSite, 'public', MARKERS), view) as {path: string; routes?: {path: string}[]}[]).map((route) =>
        [route.path, ...(route.routes ?? []).map((child) => child.path)].join(' '),
      );
    expect(table(VISITOR_VIEW)).toEqual(['/search', '/ /preview']);
    expect(table(NOBODY)).toEqual(['/', '/search', '/ /preview /guide']);
  });

  it('cuts the route table to the routes a reader may open, their annotations gone', () => {
    const paths = (view: View) => {
      const table = evaluate(
        markedRoutesModule(routes, '*', MARKERS).replace(/^import React.*\nimport ComponentCreator.*\n/m, ''),
        view,
      ) as {
        path: string;
        routes?: unknown[];
      }[];
      const walk = (list: {path: string; routes?: unknown[]; __audience?: string}[]): string[] =>
        list.flatMap((route) => [route.path + (route.__audience ? '!' : ''), ...walk((route.routes ?? []) as typeof list)]);
      return walk(table);
    };
    expect(paths(NOBODY)).toEqual(['/', '/intro']);
    expect(paths(STAFF)).toEqual(['/', '/team', '/intro']);
    expect(paths(readerView(['legacy']))).toEqual(['/', '/1.0', '/1.0/intro', '/intro']);
  });

  const chunkNames = {
    '/-aaa': {__comp: 'root'},
    '/1.0-bbb': {__comp: 'root', version: 'v1'},
    '/1.0/intro-ccc': {content: 'c1'},
    '/team-ddd': {content: 'team', __comp: 'doc'},
    '/intro-eee': {content: 'intro', __comp: 'doc'},
  };

  it("gives a chunk its routes' union: a chunk an every-reader route loads is every reader's", () => {
    expect(Object.fromEntries(chunkConditions(routeReaders(), chunkNames))).toEqual({
      root: '*',
      v1: ['legacy'],
      c1: ['legacy'],
      team: ['staff'],
      doc: '*',
      intro: '*',
    });
  });

  it('refuses chunk names of a route the route table does not have', () => {
    expect(() => chunkConditions(routeReaders(), {'/ghost-fff': {content: 'g'}})).toThrow(/\/ghost-fff/);
  });

  it("cuts the chunk names and the registry to the reader's routes", () => {
    expect(Object.keys(evaluate(markedChunkNamesModule(chunkNames, routeReaders(), '*', MARKERS), NOBODY) as object)).toEqual([
      '/-aaa',
      '/intro-eee',
    ]);
    const registry = `export default {
  "root": [() => import(/* webpackChunkName: "root" */ "@theme/Root"), "@theme/Root", require.resolveWeak("@theme/Root")],
  "team": [() => import(/* webpackChunkName: "team" */ "@site/docs/team.md"), "@site/docs/team.md", require.resolveWeak("@site/docs/team.md")],
  "v1": [() => import(/* webpackChunkName: "v1" */ "@generated/p/1-0.json"), "@generated/p/1-0.json", require.resolveWeak("@generated/p/1-0.json")],
};`;
    const marked = markedRegistryModule(
      registry,
      chunkConditions(routeReaders(), chunkNames),
      '*',
      (request) => (request.endsWith('.json') ? '@generated/copies/1-0.js' : undefined),
      MARKERS,
    );
    expect(cut(marked, NOBODY)).not.toMatch(/team|1-0/);
    expect(cut(marked, STAFF)).toMatch(/"team",\[\(\) => import\(\/\* webpackChunkName: "team" \*\/ "@site\/docs\/team\.md"\)/);
    expect(cut(marked, readerView(['legacy']))).toMatch(/import\(\/\* webpackChunkName: "v1" \*\/ "@generated\/copies\/1-0\.js"\)/);
  });

  it("leaves the plugins' options out of the browser's site config", () => {
    const config = `export default {\n  "title": "Site",\n  "plugins": [["search", {"sections": [{"path": "team"}]}]],\n  "presets": [["classic", {}]],\n  "themeConfig": {}\n};\n`;
    expect(clientConfigModule(config)).toBe(
      `export default {\n  "title": "Site",\n  "plugins": [],\n  "presets": [],\n  "themeConfig": {}\n};\n`,
    );
  });
});

describe('who may fetch each built file', () => {
  const routes = `export default [{path: '/team', component: ComponentCreator('/team', 'ddd'), exact: true, __audience: "staff"}, {path: '/intro', component: ComponentCreator('/intro', 'eee'), exact: true}];`;
  const texts: Record<string, string> = {
    'team.html': '<img src="/img/team-only.png"><img src="/img/shared.png"><a href="/data/rota.json">',
    'intro.html': '<img src="/img/shared.png">',
    'assets/js/team.1.js': 'n.p+"assets/images/chart-ab12.png"',
    'assets/js/intro.1.js': '',
  };
  const files = [
    ...Object.keys(texts),
    'img/team-only.png',
    'img/shared.png',
    'assets/images/chart-ab12.png',
    'img/chart.png',
    // The bundler put it in its page as a data URL: only the doc's Markdown names it.
    'img/inlined.svg',
    'img/unused.png',
    // A file of the site's own with a text extension: named by the page it serves.
    'data/rota.json',
    'assets/js/main.1.js',
  ];
  // The bundler's hashed copy of a docs image, and the image itself, which no page names.
  const bytes: Record<string, string> = {'assets/images/chart-ab12.png': 'chart', 'img/chart.png': 'chart'};

  const served = () =>
    fileConditions({
      files: [...files, '404.html'],
      routes: routeConditions(routes, '*'),
      chunkNames: {'/team-ddd': {content: 'team'}, '/intro-eee': {content: 'intro'}},
      base: '*',
      manifest: {
        entrypoints: ['main'],
        origins: {main: ['1'], team: ['7'], intro: ['8']},
        assets: {
          '1': {js: [{file: 'assets/js/main.1.js'}]},
          '7': {js: [{file: 'assets/js/team.1.js'}]},
          '8': {js: [{file: 'assets/js/intro.1.js'}]},
        },
      },
      read: async (file) => texts[file] ?? '',
      readBytes: async (file) => Buffer.from(bytes[file] ?? file),
      sources: [{text: '![The plan](/img/inlined.svg)', condition: ['staff']}],
    });

  it('gives pages, chunks and the files they name the union of their readers', async () => {
    expect(Object.fromEntries((await served()).conditions)).toEqual({
      'team.html': ['staff'],
      'intro.html': '*',
      '404.html': '*',
      'assets/js/team.1.js': ['staff'],
      'assets/js/intro.1.js': '*',
      'assets/js/main.1.js': '*',
      'img/team-only.png': ['staff'],
      'img/shared.png': '*',
      'assets/images/chart-ab12.png': ['staff'],
      'img/chart.png': ['staff'],
      'img/inlined.svg': ['staff'],
      'data/rota.json': ['staff'],
    });
  });

  it('gives a file nothing names to nobody, and says which', async () => {
    const {conditions, unnamed} = await served();
    expect(unnamed).toEqual(['img/unused.png']);
    expect(conditions.has('img/unused.png')).toBe(false);
  });

  it("marks a restricted chunk's entries in the runtime's tables, by id and by name", () => {
    const runtime =
      'b.u=e=>"assets/js/"+({7:"team",8:"intro"}[e]||e)+"."+({7:"h7",8:"h8"}[e])+".js";b.gca=function(e){return e=({team:"7",0x11:"8"}[e]||e)}';
    const marked = markedRuntime(runtime, new Map([['7', ['staff']]]), MARKERS);
    expect(cut(marked, NOBODY)).toBe(
      'b.u=e=>"assets/js/"+({8:"intro"}[e]||e)+"."+({8:"h8"}[e])+".js";b.gca=function(e){return e=({0x11:"8"}[e]||e)}',
    );
    expect(cut(marked, STAFF)).toBe(runtime);
  });

  it("gives a visitor's view only what is public", () => {
    expect(cut('["__thk3yk3y_bv_public__",1,"__thk3yk3y_ev__","__thk3yk3y_bw_*__",2,"__thk3yk3y_ew__"]', VISITOR_VIEW)).toBe('[1]');
  });
});
