/**
 * Who may fetch what from the readers' site: the gate's decision, apart from how the answer is
 * sent. (Files of the public login build are answered before this, to anyone.)
 */
import {loginUrlFor} from '../../contracts/paths';

export type AccessDecision = {kind: 'serve'} | {kind: 'login-redirect'; location: string} | {kind: 'unauthorized'};

export interface AccessRequest {
  /** Path and query as the browser sent them, to come back to after signing in. */
  rawUrl: string;
  signedIn: boolean;
  /** A top-level page load (rather than a script, style, fetch or image). */
  isNavigation: boolean;
}

export function decideAccess(request: AccessRequest): AccessDecision {
  if (request.signedIn) return {kind: 'serve'};
  if (request.isNavigation) return {kind: 'login-redirect', location: loginUrlFor(request.rawUrl)};
  return {kind: 'unauthorized'};
}

/** Fetch metadata when the browser sends it; the Accept header otherwise. */
export function isNavigationRequest(headers: {'sec-fetch-mode'?: string; accept?: string}): boolean {
  const mode = headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return (headers.accept ?? '').includes('text/html');
}
