/**
 * The specification's routes (section 2), as the build serves them: each with its title and its one H1
 * (tests/support/specificationRoutes.ts). These name the demo site's own pages: an author who replaced
 * the docs runs the tests with SPECIFICATION_TESTS=off (CONTRIBUTING.md); tests/content/pages.test.ts
 * checks every page of whatever docs the site has.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {builtFiles, SITE_BUILD_DIR} from '../support/builtFiles';
import {titleAndH1s} from '../support/builtSite';
import {ROUTES} from '../support/specificationRoutes';

const fileOfUrl = new Map(builtFiles().map(({file, url}) => [url, file]));

describe('every route of the specification', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))('%s has its title and its one H1', (_path, route) => {
    const file = fileOfUrl.get(route.url);
    expect(file, `no built file serves ${route.url}`).toBeDefined();
    expect(titleAndH1s(readFileSync(path.join(SITE_BUILD_DIR, file!), 'utf8'))).toEqual({title: [route.title], h1: [route.h1]});
  });
});
