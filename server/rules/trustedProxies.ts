/**
 * Which proxies in front of the gate it believes (TRUST_PROXY), as Fastify's `trustProxy` takes them.
 * A client's address keys its sign-in limit and its request log line: it must be the address the last
 * trusted proxy saw, never what the client wrote. Each proxy appends the address it saw to
 * `X-Forwarded-For`; the left-most entries are the client's own words. Believing every entry
 * (`true`, or a range of every address) makes the client's words its address.
 */
import ipaddr from 'ipaddr.js';
import {SettingError} from '../../contracts/envSettings';

/** Off, the number of proxies in front (Cloud Run: 1), or the proxies' addresses and ranges. */
export type TrustedProxies = false | number | string[];

/** TRUST_PROXY read; throws SettingError, naming what is wrong, for a value that would trust what a client writes. */
export function trustedProxiesOf(setting: string): TrustedProxies {
  const value = setting.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new SettingError(
      'TRUST_PROXY=true believes every X-Forwarded-For entry, and the first ones are whatever the client writes: ' +
        'set the number of proxies in front of the gate (Cloud Run: 1; Firebase Hosting in front of Cloud Run: 2) or their addresses.',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10)
      throw new SettingError(`TRUST_PROXY must be the number of proxies in front of the gate (1 to 10) or their addresses; got ${value}`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    // Read by ipaddr.js, as Fastify's proxy-addr reads the list.
    const range = ipaddr.isValidCIDR(entry);
    if (!range && !ipaddr.isValid(entry)) {
      throw new SettingError(
        `TRUST_PROXY must be false, a number of proxies, or proxies' addresses and ranges (such as 10.0.0.0/8); "${entry}" is none`,
      );
    }
    // A range of no fixed bits is every address of its family.
    if (range && ipaddr.parseCIDR(entry)[1] === 0) {
      throw new SettingError(
        `TRUST_PROXY's "${entry}" holds every address, so a client could write its own: name the proxies' addresses, or their number.`,
      );
    }
  }
  return entries;
}

/**
 * As Fastify's `trustProxy` takes it. Fastify reads a bare number as trusting no hop at all (it cannot
 * tell the nearest peer is a proxy), so a count is given as the function proxy-addr makes of one.
 */
export function fastifyTrustProxy(trusted: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted;
}
