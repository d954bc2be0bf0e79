/**
 * The security headers of every answer, from helmet (the library the field trusts for them), in
 * one place: the gate's request hook sets them, and so do the answers Fastify and Node give before
 * any hook runs (a malformed URL, oversized headers), which would otherwise go out without them.
 */
import type {IncomingMessage, ServerResponse} from 'node:http';
import helmet from 'helmet';
import type {GateConfig} from '../../config';
import {contentSecurityPolicy} from '../../rules/headers';

export type SecurityHeaders = (request: IncomingMessage) => Record<string, string>;

/** `scriptHashes`: the CSP hashes of the inline scripts of the build being served. */
export function securityHeaders(config: GateConfig, scriptHashes: () => Iterable<string>): SecurityHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {useDefaults: false, directives: contentSecurityPolicy(config, scriptHashes)},
    // Sign-in popups talk back to their opener.
    crossOriginOpenerPolicy: {policy: 'same-origin-allow-popups'},
    xFrameOptions: {action: 'deny'},
    referrerPolicy: {policy: 'strict-origin-when-cross-origin'},
    // The gate sends HSTS itself, and only over https.
    strictTransportSecurity: false,
  });
  return (request) => {
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
