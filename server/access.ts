/** Who may fetch what: the gate's decision, apart from how the answer is sent. */
import {loginUrlFor} from '../src/auth/paths';

export type AccessDecision =
  | {kind: 'serve'}
  | {kind: 'login-redirect'; location: string}
  | {kind: 'unauthorized'};

export interface AccessRequest {
  /** Canonical, decoded path. */
  path: string;
  /** Path and query as the browser sent them, to come back to after signing in. */
  rawUrl: string;
  signedIn: boolean;
  /** A top-level page load (rather than a script, style, fetch or image). */
  isNavigation: boolean;
}

export function decideAccess(request: AccessRequest, isPublic: (path: string) => boolean): AccessDecision {
  if (request.signedIn || isPublic(request.path)) return {kind: 'serve'};
  if (request.isNavigation) return {kind: 'login-redirect', location: loginUrlFor(request.rawUrl)};
  return {kind: 'unauthorized'};
}

/** Fetch metadata when the browser sends it; the Accept header otherwise. */
export function isNavigationRequest(headers: {'sec-fetch-mode'?: string; accept?: string}): boolean {
  const mode = headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return (headers.accept ?? '').includes('text/html');
}
