/**
 * Which new connections the gate takes: pure, apart from the counting (plugins/app/connectionLimits.ts).
 * One client must not hold every connection the gate allows, and a reader who arrives when the gate
 * is full gets an answer that says so rather than a reset. A kept-alive connection with nothing in
 * flight is only held for a request that may never come: at a cap, it gives way to the new one, as
 * nginx drains its reusable connections when it runs out.
 */

export interface ConnectionLimits {
  /** Connections taken at once, from everyone. */
  total: number;
  /** Connections taken at once from one address; null behind a proxy, whose address every connection has. */
  perClient: number | null;
}

export interface OpenConnections {
  total: number;
  /** Those of the new connection's address. */
  fromClient: number;
  /** Kept-alive connections between requests (one answered, none in flight): everyone's. */
  idle: number;
  /** Those of the new connection's address. */
  idleFromClient: number;
}

/**
 * - `take`: the connection counts and is served;
 * - `take-closing-client-idle`: the same, once the client's longest idle connection is closed (its share is full);
 * - `take-closing-idle`: the same, once the gate's longest idle connection is closed (the gate is full);
 * - `client-full`, `full`: answered 503 (and closed) at its first request, counting toward nothing, so
 *   that a client past its own share cannot use up everyone else's.
 */
export type Admission = 'take' | 'take-closing-client-idle' | 'take-closing-idle' | 'client-full' | 'full';

export function admitConnection(open: OpenConnections, limits: ConnectionLimits): Admission {
  if (limits.perClient !== null && open.fromClient >= limits.perClient)
    return open.idleFromClient > 0 ? 'take-closing-client-idle' : 'client-full';
  if (open.total < limits.total) return 'take';
  return open.idle > 0 ? 'take-closing-idle' : 'full';
}
