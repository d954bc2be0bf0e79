import {describe, expect, it} from 'vitest';
import {admitConnection, type ConnectionLimits, type OpenConnections} from '../../server/rules/connections';

describe('admitConnection (4 in all, 2 from one address)', () => {
  const limits: ConnectionLimits = {total: 4, perClient: 2};
  it.each<[string, OpenConnections, ConnectionLimits, ReturnType<typeof admitConnection>]>([
    ['room for it', {total: 1, fromClient: 1}, limits, 'take'],
    ['its address holds its share', {total: 2, fromClient: 2}, limits, 'client-full'],
    // The client's own share is judged first: its extra connections never count toward everyone's.
    ['its address holds its share, and the gate is full', {total: 4, fromClient: 2}, limits, 'client-full'],
    ['the gate is full, from others', {total: 4, fromClient: 0}, limits, 'full'],
    ['behind a proxy: one address, the total alone', {total: 3, fromClient: 3}, {total: 4, perClient: null}, 'take'],
    ['behind a proxy, full', {total: 4, fromClient: 4}, {total: 4, perClient: null}, 'full'],
  ])('%s', (_name, open, given, expected) => {
    expect(admitConnection(open, given)).toBe(expected);
  });
});
