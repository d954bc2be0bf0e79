/**
 * A component rendered as a page of the test site (site.ts) renders it: Docusaurus's own contexts (the
 * site's config and global data, hydration, the route's plugin, the reader's preferred version, the
 * theme's) around what the site's Root (src/theme/Root.tsx) provides (who is signed in, the search box's
 * kept state), at an address of a memory history the test reads back. Firebase and the gate are the fakes
 * of firebaseAuth.ts and gate.ts.
 */
import type {ReactNode} from 'react';
import {render, type RenderResult} from '@testing-library/react';
import userEvent, {type UserEvent} from '@testing-library/user-event';
import {HelmetProvider} from 'react-helmet-async';
import {MemoryRouter, Route} from 'react-router-dom';
import type {useHistory} from '@docusaurus/router';
import {DocusaurusContextProvider} from '@docusaurus/core/lib/client/docusaurusContext';
import {BrowserContextProvider} from '@docusaurus/core/lib/client/browserContext';
import {RouteContextProvider} from '@docusaurus/core/lib/client/routeContext';
import {DocsPreferredVersionContextProvider} from '@docusaurus/plugin-content-docs/client';
import ThemeProvider from '@theme/ThemeProvider';
import {SEARCH_PLUGIN_NAME} from '../../../contracts/searchSections';
import {AuthProvider} from '../../../src/auth/AuthProvider';
import {DOCS_PLUGIN} from '../../../src/search/useSearchScope';
import {SearchBoxProvider} from '../../../src/search/SearchBoxProvider';

type History = ReturnType<typeof useHistory>;

/** Which plugin's route the page is: a doc, the search page, or a page of its own (the home page, the login page). */
export type PageKind = 'doc' | 'search' | 'page';

const PLUGIN_OF: Record<PageKind, string> = {doc: DOCS_PLUGIN, search: SEARCH_PLUGIN_NAME, page: 'docusaurus-plugin-content-pages'};

export interface RenderedPage extends RenderResult {
  user: UserEvent;
  /** The page's history: where the reader is, and where links took them. */
  history: History;
}

/**
 * Renders `ui` at `path`, a page of the `kind` given (the search page at /search, wherever the reader goes), hydrated.
 * A `page` is shown at its own path only, as a route is: a link elsewhere leaves it (what stays from page to page,
 * such as the navbar's box, stays).
 */
export function renderPage(
  ui: ReactNode,
  {path = '/', kind = 'doc', page = false}: {path?: string; kind?: PageKind; page?: boolean} = {},
): RenderedPage {
  const pathname = new URL(path, 'http://localhost').pathname;
  // The window's address too, which the site's code reads beside the router's (the login page, the not-found page).
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  let history: History | undefined;
  const rendered = render(
    <HelmetProvider>
      <DocusaurusContextProvider>
        <BrowserContextProvider>
          <MemoryRouter initialEntries={[path]}>
            <Route
              render={(route) => {
                history = route.history;
                return (
                  <RouteContextProvider
                    value={{plugin: {name: PLUGIN_OF[route.location.pathname === '/search' ? 'search' : kind], id: 'default'}, data: {}}}>
                    <DocsPreferredVersionContextProvider>
                      <AuthProvider>
                        <SearchBoxProvider>
                          <ThemeProvider>{!page || route.location.pathname === pathname ? ui : null}</ThemeProvider>
                        </SearchBoxProvider>
                      </AuthProvider>
                    </DocsPreferredVersionContextProvider>
                  </RouteContextProvider>
                );
              }}
            />
          </MemoryRouter>
        </BrowserContextProvider>
      </DocusaurusContextProvider>
    </HelmetProvider>,
  );
  return {...rendered, user, history: history!};
}

/** Where the reader is: the path, query and anchor of the page's address. */
export const addressOf = ({location}: History): string => `${location.pathname}${location.search}${location.hash}`;
