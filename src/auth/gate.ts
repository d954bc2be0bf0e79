import type {GateMode} from './settings';
import {isLoginPath, loginUrlFor} from './paths';

/** What the identity service has said so far about the reader in this browser. */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export type GateDecision =
  | {kind: 'render'}
  /** Show nothing of the page: the identity service has not answered yet. */
  | {kind: 'blank'}
  /** Leave for the login page; `endServerSession` when the server still holds a session. */
  | {kind: 'redirect'; to: string; endServerSession: boolean};

export interface GateInput {
  status: AuthStatus;
  mode: GateMode;
  pathname: string;
  /** pathname + search + hash, the page to come back to after signing in. */
  currentUrl: string;
}

/**
 * The browser gate. Behind the gate server a gated page only reaches the browser after the
 * server verified the session, so it shows at once; without the server the page stays blank
 * until the identity service answers.
 */
export function decideGate({status, mode, pathname, currentUrl}: GateInput): GateDecision {
  if (mode === 'off' || isLoginPath(pathname)) return {kind: 'render'};
  switch (status) {
    case 'signed-in':
      return {kind: 'render'};
    case 'loading':
      return mode === 'server' ? {kind: 'render'} : {kind: 'blank'};
    case 'signed-out':
      return {kind: 'redirect', to: loginUrlFor(currentUrl), endServerSession: mode === 'server'};
  }
}
