import {describe, expect, it} from 'vitest';
import {admitConnection, type Admission, type ConnectionLimits, type OpenConnections} from '../../server/rules/connections';

describe('admitConnection (4 in all, 2 from one address)', () => {
  const limits: ConnectionLimits = {total: 4, perClient: 2};
  const none = {idle: 0, idleFromClient: 0};
  it.each<[string, OpenConnections, ConnectionLimits, Admission]>([
    ['room for it', {total: 1, fromClient: 1, ...none}, limits, 'take'],
    ['room for it, others idle: nothing is closed', {total: 2, fromClient: 1, idle: 2, idleFromClient: 1}, limits, 'take'],
    ['its address holds its share', {total: 2, fromClient: 2, ...none}, limits, 'client-full'],
    // Another client's idle connection does not make room within this client's share.
    ['its address holds its share, only others idle', {total: 3, fromClient: 2, idle: 1, idleFromClient: 0}, limits, 'client-full'],
    [
      'its address holds its share, one of them idle',
      {total: 2, fromClient: 2, idle: 1, idleFromClient: 1},
      limits,
      'take-closing-client-idle',
    ],
    // The client's own share is judged first: its extra connections never count toward everyone's.
    ['its address holds its share, and the gate is full', {total: 4, fromClient: 2, ...none}, limits, 'client-full'],
    ['the gate is full, from others', {total: 4, fromClient: 0, ...none}, limits, 'full'],
    ['the gate is full, one connection idle', {total: 4, fromClient: 1, idle: 1, idleFromClient: 0}, limits, 'take-closing-idle'],
    ['behind a proxy: one address, the total alone', {total: 3, fromClient: 3, ...none}, {total: 4, perClient: null}, 'take'],
    ['behind a proxy, full', {total: 4, fromClient: 4, ...none}, {total: 4, perClient: null}, 'full'],
    [
      'behind a proxy, full, one idle',
      {total: 4, fromClient: 4, idle: 1, idleFromClient: 1},
      {total: 4, perClient: null},
      'take-closing-idle',
    ],
  ])('%s', (_name, open, given, expected) => {
    expect(admitConnection(open, given)).toBe(expected);
  });
});
