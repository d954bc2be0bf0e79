import {describe, expect, it} from 'vitest';
import {admitConnection, clientOf, type Admission, type ConnectionLimits, type OpenConnections} from '../../server/rules/connections';

describe('admitConnection (4 in all, 2 from one client)', () => {
  const limits: ConnectionLimits = {total: 4, perClient: 2};
  const proxied: ConnectionLimits = {total: 4, perClient: null};
  const none = {silent: 0, silentFromClient: 0, idle: 0, idleFromClient: 0};
  it.each<[string, OpenConnections, ConnectionLimits, Admission]>([
    ['room for it', {total: 1, fromClient: 1, ...none}, limits, 'take'],
    ['room for it, others idle: nothing is closed', {total: 2, fromClient: 1, ...none, idle: 2, idleFromClient: 1}, limits, 'take'],
    ['room for it, others silent: nothing is closed', {total: 3, fromClient: 1, ...none, silent: 2, silentFromClient: 1}, limits, 'take'],
    ['its client holds its share', {total: 2, fromClient: 2, ...none}, limits, 'client-full'],
    // Another client's waiting connection does not make room within this client's share.
    ['its client holds its share, only others idle', {total: 3, fromClient: 2, ...none, idle: 1}, limits, 'client-full'],
    ['its client holds its share, only others silent', {total: 3, fromClient: 2, ...none, silent: 1}, limits, 'client-full'],
    [
      'its client holds its share, one of them idle',
      {total: 2, fromClient: 2, ...none, idle: 1, idleFromClient: 1},
      limits,
      'take-closing-client-idle',
    ],
    [
      'its client holds its share, one of them silent',
      {total: 2, fromClient: 2, ...none, silent: 1, silentFromClient: 1},
      limits,
      'take-closing-client-silent',
    ],
    [
      'its client holds its share, one silent and one idle: the silent one goes',
      {total: 2, fromClient: 2, silent: 1, silentFromClient: 1, idle: 1, idleFromClient: 1},
      limits,
      'take-closing-client-silent',
    ],
    // The client's own share is judged first: its extra connections never count toward everyone's.
    ['its client holds its share, and the gate is full', {total: 4, fromClient: 2, ...none}, limits, 'client-full'],
    ['its client holds its share, the gate is full, others silent', {total: 4, fromClient: 2, ...none, silent: 2}, limits, 'client-full'],
    ['the gate is full, from others', {total: 4, fromClient: 0, ...none}, limits, 'full'],
    ['the gate is full, one connection idle', {total: 4, fromClient: 1, ...none, idle: 1}, limits, 'take-closing-idle'],
    ['the gate is full, one connection silent', {total: 4, fromClient: 1, ...none, silent: 1}, limits, 'take-closing-silent'],
    [
      'the gate is full, some silent, some idle: a silent one goes',
      {total: 4, fromClient: 0, ...none, silent: 1, idle: 3},
      limits,
      'take-closing-silent',
    ],
    [
      'the gate is full of silent connections from two clients',
      {total: 4, fromClient: 0, ...none, silent: 4},
      limits,
      'take-closing-silent',
    ],
    ['behind a proxy: one address, the total alone', {total: 3, fromClient: 3, ...none}, proxied, 'take'],
    ['behind a proxy, full', {total: 4, fromClient: 4, ...none}, proxied, 'full'],
    ['behind a proxy, full, one idle', {total: 4, fromClient: 4, ...none, idle: 1, idleFromClient: 1}, proxied, 'take-closing-idle'],
    [
      'behind a proxy, full, one silent',
      {total: 4, fromClient: 4, ...none, silent: 1, silentFromClient: 1},
      proxied,
      'take-closing-silent',
    ],
  ])('%s', (_name, open, given, expected) => {
    expect(admitConnection(open, given)).toBe(expected);
  });
});

describe('clientOf: the client an address counts toward', () => {
  it.each<[string, string, string]>([
    ['IPv4, as it is', '203.0.113.7', '203.0.113.7'],
    ['IPv4 loopback', '127.0.0.2', '127.0.0.2'],
    ['IPv4-mapped IPv6: the IPv4 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped, in capitals', '::FFFF:203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped, written in hex', '::ffff:cb00:7107', '203.0.113.7'],
    ['IPv4-mapped, written out', '0:0:0:0:0:ffff:cb00:7107', '203.0.113.7'],
    ['IPv6: its /64', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['another address of the same /64', '2001:db8:1:2:a:b:c:d', '2001:db8:1:2::/64'],
    ['the same /64 compressed', '2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['the same /64 with leading zeros and capitals', '2001:0DB8:0001:0002:0000:0000:0000:00FF', '2001:db8:1:2::/64'],
    ['the neighbouring /64: another client', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['zeros in the prefix', '2001:db8::1', '2001:db8::/64'],
    ['zeros in the prefix, written out', '2001:db8:0:0:1:0:0:1', '2001:db8::/64'],
    ['zeros in the prefix, compressed across the /64 boundary', '2001:db8:0:0:0:0:0:1', '2001:db8::/64'],
    ['zeros inside the prefix', '2001:0:0:5::9', '2001:0:0:5::/64'],
    ['compressed at the start', '::2:3:4:5:6:7:8', '0:2:3:4::/64'],
    ['IPv6 loopback', '::1', '::/64'],
    ['the unspecified address', '::', '::/64'],
    ['IPv4-compatible (not mapped): IPv6', '::203.0.113.7', '::/64'],
    ['a dotted ending in another prefix', '64:ff9b::203.0.113.7', '64:ff9b::/64'],
    ['unique local', 'fd00::2', 'fd00::/64'],
    ['link-local with a zone: the zone is not part of the address', 'fe80::fc:ff:fe00:1%eth0', 'fe80::/64'],
    ['link-local with a numeric zone', 'fe80::1%2', 'fe80::/64'],
    ['no address at all (a socket already closed)', '', ''],
    ['not an address', 'not-an-address', 'not-an-address'],
  ])('%s: %s', (_name, address, client) => {
    expect(clientOf(address)).toBe(client);
  });
});
