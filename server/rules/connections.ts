/**
 * Which new connections the gate takes: pure, apart from the counting (plugins/app/connectionLimits.ts).
 * One client must not hold every connection the gate allows, and a reader who arrives when the gate
 * is full gets an answer that says so rather than a reset. A connection with nothing in flight is only
 * held for a request that may never come: at a cap, it gives way to the new one, as nginx drains its
 * reusable connections when it runs out.
 */
import {isIPv4, isIPv6, SocketAddress} from 'node:net';

export interface ConnectionLimits {
  /** Connections taken at once, from everyone. */
  total: number;
  /** Connections taken at once from one client (`clientOf`); null behind a proxy, whose address every connection has. */
  perClient: number | null;
}

export interface OpenConnections {
  total: number;
  /** Those of the new connection's client. */
  fromClient: number;
  /** Connections no request has arrived on yet: everyone's. */
  silent: number;
  /** Those of the new connection's client. */
  silentFromClient: number;
  /** Kept-alive connections between requests (one answered, none in flight): everyone's. */
  idle: number;
  /** Those of the new connection's client. */
  idleFromClient: number;
}

/**
 * - `take`: the connection counts and is served;
 * - `take-closing-client-silent`, `take-closing-client-idle`: the same, once the client's oldest silent
 *   connection, or with none its longest idle one, is closed (its share is full);
 * - `take-closing-silent`, `take-closing-idle`: the same, once the gate's oldest silent connection, or
 *   with none its longest idle one, is closed (the gate is full);
 * - `client-full`, `full`: answered 503 (and closed) at its first request, counting toward nothing, so
 *   that a client past its own share cannot use up everyone else's.
 *
 * A silent connection goes before an idle one: it has cost its client nothing yet (a browser retries a
 * request on a fresh connection when a spare one it opened ahead closes), and the headers timeout ends
 * it soon anyway, while an idle one is a served reader's, whose next page it spares a handshake.
 */
export type Admission =
  'take' | 'take-closing-client-silent' | 'take-closing-client-idle' | 'take-closing-silent' | 'take-closing-idle' | 'client-full' | 'full';

export function admitConnection(open: OpenConnections, limits: ConnectionLimits): Admission {
  if (limits.perClient !== null && open.fromClient >= limits.perClient) {
    if (open.silentFromClient > 0) return 'take-closing-client-silent';
    return open.idleFromClient > 0 ? 'take-closing-client-idle' : 'client-full';
  }
  if (open.total < limits.total) return 'take';
  if (open.silent > 0) return 'take-closing-silent';
  return open.idle > 0 ? 'take-closing-idle' : 'full';
}

/**
 * The client a connection from `address` counts toward. An IPv4 address is one. An IPv6 host is given
 * a /64 and may take any address in it (its privacy addresses change daily; a script can take a new one
 * per connection), so the /64 is the client, as one IPv4 address is for the hosts behind a NAT. An IPv4
 * client of a dual-stack socket arrives as `::ffff:a.b.c.d`: it is that IPv4 address. Anything else
 * (no address) is its own client.
 */
export function clientOf(address: string): string {
  if (isIPv4(address)) return address;
  // A zone (`%eth0`) names the interface a link-local address was reached through: not part of the address.
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const words = ipv6Words(bare);
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff) {
    return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join('.');
  }
  const network = words.slice(0, 4).map((word) => word.toString(16));
  // Written the one way RFC 5952 allows, whatever spelling the address came in.
  return `${new SocketAddress({address: `${network.join(':')}::`, family: 'ipv6'}).address}/64`;
}

/**
 * The eight 16-bit words of a valid IPv6 address: `::` filled in, a dotted IPv4 ending read as the last two.
 * Not ipaddr.js (in the tree through Fastify): its 2.5 reads an IPv4-compatible `::a.b.c.d` as IPv4-mapped.
 */
function ipv6Words(address: string): number[] {
  const words = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  const [head, tail] = address.split('::');
  const before = words(head);
  if (tail === undefined) return before;
  const after = words(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
