import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {GENERATED_FILES_DIR_NAME} from '@docusaurus/utils';
import {conditionKey} from '../../contracts/audiences';
import {conditionsFile} from '../../plugins/audiences/docs';
import type {SiteConditions} from '../../plugins/audiences/siteConditions';
import {readSite} from '../../plugins/checkDocs/readSite';
import {REPO} from '../../testkit/siteCopy';
import {SITE_BUILD_DIR} from '../support/builtFiles';

/** The built page of a path, as the gate finds it. */
function builtPage(route: string): string {
  return path.join(SITE_BUILD_DIR, route === '/' ? 'index.html' : `${route}.html`);
}

describe("check:docs's idea of where each page is served, and who may read it", () => {
  // Reads every doc of every version, twice (its own parse, and Docusaurus's): seconds on a site of a few hundred docs.
  const site = readSite(REPO, []);

  it('matches the built site for every doc and every other page it knows', {timeout: 60_000}, async () => {
    const {docs, otherPages} = await site;
    const routes = [...docs.map((doc) => doc.permalink), ...otherPages];
    expect(routes.length).toBeGreaterThan(docs.length);
    expect(routes.filter((route) => !existsSync(builtPage(route)))).toEqual([]);
  });

  it("is the build's own model of who may read each page", {timeout: 60_000}, async () => {
    const built = JSON.parse(readFileSync(conditionsFile(path.join(REPO, GENERATED_FILES_DIR_NAME)), 'utf8')) as SiteConditions;
    const {readers} = await site;
    expect(Object.fromEntries([...readers].map(([page, condition]) => [page, conditionKey(condition)]))).toEqual(built.pages);
    expect(Object.values(built.pages).some((key) => key !== '*')).toBe(true);
  });
});
