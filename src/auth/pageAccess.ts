import type {GateMode} from './settings';
import {isLoginPath, LOGIN_PATH, loginUrlFor} from '../../contracts/paths';

/** What the identity service has said so far about the reader in this browser. */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export type PageAccess =
  | {kind: 'render'}
  /** Show nothing of the page: the identity service has not answered yet. */
  | {kind: 'blank'}
  /**
   * Leave for the login page. `endServerSession` when the server may still hold a session of
   * this browser; `reload` when the server must answer the next page afresh (a full navigation).
   */
  | {kind: 'redirect'; to: string; endServerSession: boolean; reload: boolean};

export interface PageAccessInput {
  status: AuthStatus;
  mode: GateMode;
  pathname: string;
  /** pathname + search + hash, the page to come back to after signing in. */
  currentUrl: string;
  /** The reader chose "Sign out" in this tab, which has already ended the server session. */
  signingOut: boolean;
  /** The gate sent this page to a visitor who is not signed in: a public page (VISITOR_PAGE_ATTRIBUTE). */
  visitorPage?: boolean;
}

/**
 * Whether the browser shows a page, and the one owner of the way to the login page once Firebase
 * says the reader is signed out. Behind the gate server a gated page only reaches the browser after the server
 * verified the session, so it shows at once; without the server the page stays blank until the
 * identity service answers.
 */
export function decidePageAccess({status, mode, pathname, currentUrl, signingOut, visitorPage = false}: PageAccessInput): PageAccess {
  if (mode === 'off' || isLoginPath(pathname)) return {kind: 'render'};
  // A public page the gate sent without a session stays as it is: its navbar offers to sign in.
  if (visitorPage && mode === 'server' && status !== 'signed-in' && !signingOut) return {kind: 'render'};
  const reload = mode === 'server';
  switch (status) {
    case 'signed-in':
      return {kind: 'render'};
    case 'loading':
      return mode === 'server' ? {kind: 'render'} : {kind: 'blank'};
    case 'signed-out':
      // Whoever signs out on purpose starts afresh; a tab signed out from elsewhere keeps its page for later.
      return signingOut
        ? {kind: 'redirect', to: LOGIN_PATH, endServerSession: false, reload}
        : {kind: 'redirect', to: loginUrlFor(currentUrl), endServerSession: mode === 'server', reload};
  }
}
