/**
 * Which new connections the gate takes: pure, apart from the counting (plugins/app/connectionLimits.ts).
 * One client must not hold every connection the gate allows, and a reader who arrives when the gate
 * is full gets an answer that says so rather than a reset.
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
}

/**
 * `take`: the connection counts and is served. Otherwise it is answered 503 (and closed) at its first
 * request, and counts toward nothing: a client past its own share cannot use up everyone else's.
 */
export function admitConnection(open: OpenConnections, limits: ConnectionLimits): 'take' | 'client-full' | 'full' {
  if (limits.perClient !== null && open.fromClient >= limits.perClient) return 'client-full';
  return open.total >= limits.total ? 'full' : 'take';
}
