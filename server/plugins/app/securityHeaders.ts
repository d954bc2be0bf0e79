/**
 * The security headers of every answer, from helmet (the library the field trusts for them), in
 * one place: the gate's request hook sets them, and so do the answers Fastify and Node give before
 * any hook runs (a malformed URL, oversized headers), which would otherwise go out without them.
 */
import type {IncomingMessage, ServerResponse} from 'node:http';
import helmet from 'helmet';
import type {GateConfig} from '../../config';
import {contentSecurityPolicy, pageKindOf, type PageKind} from '../../rules/headers';

export type SecurityHeaders = (request: IncomingMessage) => Record<string, string>;

/**
 * `scriptHashes`: the CSP hashes of the inline scripts of the build being served. HSTS goes with
 * every answer, those given before routing included, when the origin readers use is https; it
 * never depends on a request's own (forwardable) scheme.
 */
export function securityHeaders(config: GateConfig, scriptHashes: () => Iterable<string>): SecurityHeaders {
  const https = config.publicOrigin?.startsWith('https:') ?? false;
  const middlewareFor = (kind: PageKind) =>
    helmet({
      contentSecurityPolicy: {useDefaults: false, directives: contentSecurityPolicy(config, scriptHashes, kind)},
      // Sign-in popups talk back to their opener.
      crossOriginOpenerPolicy: {policy: 'same-origin-allow-popups'},
      xFrameOptions: {action: 'deny'},
      referrerPolicy: {policy: 'strict-origin-when-cross-origin'},
      strictTransportSecurity: https ? {maxAge: 31_536_000, includeSubDomains: true} : false,
    });
  const middlewares: Record<PageKind, ReturnType<typeof helmet>> = {login: middlewareFor('login'), docs: middlewareFor('docs')};
  return (request) => {
    const middleware = middlewares[pageKindOf(request.url ?? '/')];
    const headers: Record<string, string> = {};
    // helmet writes headers onto a response: give it one that only records them.
    const recorder = {
      setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
      removeHeader: () => undefined,
    } as unknown as ServerResponse;
    middleware(request, recorder, () => undefined);
    return headers;
  };
}
