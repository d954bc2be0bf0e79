/**
 * The docs build stops on an audience it cannot make sense of, naming the file and line (the docs
 * plugin's loadContent calls siteConditionsOf): what an author sees when a typo would otherwise
 * publish a page to the wrong readers or hide it from the right ones.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import matter from 'gray-matter';
import {afterAll, describe, expect, it} from 'vitest';
import {siteConditionsOf} from '../../plugins/audiences/docs';
import {Conditions, UndecidedAudience} from '../../plugins/audiences/siteConditions';

const sites: string[] = [];
afterAll(() => sites.forEach((site) => rmSync(site, {recursive: true, force: true})));

/** A site of one version whose docs are `files` (path → content), as the docs plugin loads them. */
function loadedSite(files: Record<string, string>, {audiences = {partners: 'Partners', staff: 'Staff'}} = {}) {
  const site = mkdtempSync(path.join(os.tmpdir(), 'tutorial-hub-audience-errors-'));
  sites.push(site);
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    writeFileSync(path.join(site, file), content);
  };
  write('audiences.json', JSON.stringify({audiences}));
  write('versions.json', '[]');
  write('current-version.json', '{"label": "2.0"}');
  for (const [file, content] of Object.entries(files)) write(`docs/${file}`, content);
  const docs = Object.entries(files)
    .filter(([file]) => file.endsWith('.md'))
    .map(([file, content]) => {
      const id = file.replace(/\.md$/, '');
      return {
        id,
        source: `@site/docs/${file}`,
        sourceDirName: path.dirname(file),
        permalink: `/${id}`,
        frontMatter: matter(content).data,
        tags: [],
      };
    });
  const version = {versionName: 'current', docs, sidebars: {}, tagsPath: '/tags'} as unknown as LoadedVersion;
  return {site, versions: [version]};
}

describe('the docs build with a mistake in who may read', () => {
  it.each<{why: string; files: Record<string, string>; named: RegExp}>([
    {
      why: 'an audience nobody defined (a typo)',
      files: {'intro.md': '# Intro\n', 'plans.md': '---\ntitle: Plans\naudience: parners\n---\n\n# Plans\n'},
      named: /docs\/plans\.md:3: .*parners/,
    },
    {
      why: 'a page wider than its folder',
      files: {
        'partners/_category_.json': JSON.stringify({label: 'Partners', customProps: {audience: 'partners'}}),
        'partners/setup.md': '---\naudience: [partners, staff]\n---\n\n# Setup\n',
      },
      named: /docs\/partners\/setup\.md:2: .*wider than/,
    },
  ])('$why: stops, naming the file and line', ({files, named}) => {
    const {site, versions} = loadedSite(files);
    expect(() => siteConditionsOf(site, versions)).toThrow(named);
  });

  it('builds a site whose audiences are all defined, and gives the page its audience', () => {
    const {site, versions} = loadedSite({'intro.md': '# Intro\n', 'plans.md': '---\naudience: partners\n---\n\n# Plans\n'});
    const conditions = siteConditionsOf(site, versions);
    expect(conditions?.pages['/plans']).toBe('partners');
    expect(conditions?.pages['/intro']).not.toBe('partners');
  });
});

describe('the build asked who may read something its audience model does not decide', () => {
  const {site, versions} = loadedSite({'intro.md': '# Intro\n', 'plans.md': '---\ntitle: Plans\naudience: partners\n---\n\n# Plans\n'});
  const conditions = new Conditions(siteConditionsOf(site, versions)!);

  it('knows the pages, docs and versions it does decide', () => {
    expect([conditions.page('/plans'), conditions.doc('current', 'plans'), conditions.version('current')]).toEqual([
      ['partners'],
      ['partners'],
      '*',
    ]);
  });

  it.each<[string, () => unknown, RegExp]>([
    ['a page', () => conditions.page('/no-such-page'), /the page \/no-such-page/],
    ['a doc', () => conditions.doc('current', 'no-such-doc'), /the doc "no-such-doc" of version current/],
    ['a version', () => conditions.version('9.9'), /version 9\.9/],
  ])('stops at %s, naming it, rather than give it to anyone', (_what, ask, named) => {
    expect(ask).toThrow(UndecidedAudience);
    expect(ask).toThrow(named);
  });
});
