/**
 * A TCP proxy between the gate and the Auth emulator that a test can cut (connections refused
 * and dropped) or stall (connections accepted, nothing ever answered), then restore.
 */
import net from 'node:net';

type Mode = 'pass' | 'cut' | 'stall';

export interface TcpProxy {
  /** `host:port` to give the gate as its emulator address. */
  address: string;
  /** Connections from the gate that are open now. */
  connections(): number;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const [targetHost, targetPort] = target.split(':') as [string, string];
  let mode: Mode = 'pass';
  const open = new Set<net.Socket>();
  const fromGate = new Set<net.Socket>();

  const server = net.createServer((client) => {
    open.add(client);
    fromGate.add(client);
    client.on('close', () => {
      open.delete(client);
      fromGate.delete(client);
    });
    client.on('error', () => undefined);
    if (mode === 'cut') return void client.destroy();
    // Stalled: hold the connection and answer nothing. What it sends is read and dropped: a paused
    // socket would never see the gate close it, and would count as open for ever.
    if (mode === 'stall') return void client.resume();
    const upstream = net.connect(Number(targetPort), targetHost);
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk) => mode === 'pass' && upstream.write(chunk));
    upstream.on('data', (chunk) => mode === 'pass' && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as net.AddressInfo;

  return {
    address: `127.0.0.1:${port}`,
    connections: () => fromGate.size,
    cut() {
      mode = 'cut';
      for (const socket of open) socket.destroy();
    },
    stall() {
      mode = 'stall';
    },
    restore() {
      mode = 'pass';
      // Stalled connections never recover (their requests were lost), as on a real network.
      for (const socket of open) socket.destroy();
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
