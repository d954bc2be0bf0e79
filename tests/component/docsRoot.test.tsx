/**
 * The docs plugin's root (src/theme/DocsRoot): with the current docs at `/docs` and none at the root, an
 * address outside every version (the built 404 page's among them) shows the not-found page in the layout,
 * not an empty one (https://github.com/facebook/docusaurus/issues/9688). Which addresses are inside a
 * version, by the routes the plugin gives the versions: the table, with Docusaurus's own router.
 */
import {screen} from '@testing-library/react';
import {describe, expect, it} from 'vitest';
import {Route} from 'react-router-dom';
import type {RouteConfig} from 'react-router-config';
import DocsRoot from '@theme/DocsRoot';
import {isInAVersion} from '../../src/versions/versionRoutes';
import {renderPage} from './support/render';

const versionRoute = (path: string): RouteConfig => ({path, component: () => <p>A page of the version at {path}</p>});
// The docs plugin's version routes of a site whose current docs are at /docs (as Docusaurus lays them out), 2.0 frozen below them.
const BELOW_THE_ROOT = ['/docs/2.0', '/1.0', '/docs'].map(versionRoute);
// The current docs at the root: that version's route takes every address.
const AT_THE_ROOT = ['/1.0', '/'].map(versionRoute);

describe('whether an address is inside one of the versions', () => {
  it.each([
    ['a version’s landing', '/docs', BELOW_THE_ROOT, true],
    ['a page of the current version', '/docs/chapter-1-introduction', BELOW_THE_ROOT, true],
    ['a page of the version frozen below it', '/docs/2.0/chapter-1-introduction', BELOW_THE_ROOT, true],
    ['a page of a version at a path of its own', '/1.0/intro', BELOW_THE_ROOT, true],
    ['the built 404 page', '/404.html', BELOW_THE_ROOT, false],
    ['an address outside every version', '/tutorial-extras/editor-handbook', BELOW_THE_ROOT, false],
    ['an address that only begins like a version', '/docsify', BELOW_THE_ROOT, false],
    ['a version’s path as a later segment', '/guides/1.0', BELOW_THE_ROOT, false],
    ['any address, with the current docs at the root', '/tutorial-extras/editor-handbook', AT_THE_ROOT, true],
    ['no versions at all', '/docs', [], false],
  ])('%s: %s', (_case, pathname, routes, expected) => {
    expect(isInAVersion(pathname, routes)).toBe(expected);
  });
});

describe('the docs root', () => {
  // As Docusaurus renders it: the plugin's route at the root, its versions' routes below.
  const docsRoot = <Route render={(props) => <DocsRoot {...props} route={{path: '/', routes: BELOW_THE_ROOT}} />} />;

  it('shows the page of the version an address is in', () => {
    renderPage(docsRoot, {path: '/docs/chapter-1-introduction'});
    expect(screen.getByText('A page of the version at /docs')).toBeVisible();
    expect(screen.queryByRole('heading', {level: 1, name: 'Page Not Found'})).toBeNull();
  });

  it('shows the not-found page, in the layout, for an address outside every version', () => {
    renderPage(docsRoot, {path: '/tutorial-extras/editor-handbook'});
    expect(screen.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
    expect(screen.getByRole('navigation', {name: 'Main'})).toBeVisible();
    expect(screen.queryByText(/^A page of the version/)).toBeNull();
  });
});
