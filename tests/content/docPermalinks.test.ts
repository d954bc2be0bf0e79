import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readSite} from '../../plugins/checkDocs/readSite';
import {REPO} from '../../testkit/siteCopy';
import {SITE_BUILD_DIR} from '../support/builtFiles';

/** The built page of a path, as the gate finds it. */
function builtPage(route: string): string {
  return path.join(SITE_BUILD_DIR, route === '/' ? 'index.html' : `${route}.html`);
}

describe("check:docs's idea of where each page is served", () => {
  // Reads every doc of every version: seconds on a site of a few hundred docs.
  it('matches the built site for every doc and every other page it knows', {timeout: 60_000}, async () => {
    const site = await readSite(REPO, []);
    const routes = [...site.docs.map((doc) => doc.permalink), ...site.otherPages];
    expect(routes.length).toBeGreaterThan(site.docs.length);
    expect(routes.filter((route) => !existsSync(builtPage(route)))).toEqual([]);
  });
});
