/**
 * A real load balancer in front of several gate processes: Debian's HAProxy, round robin, on
 * loopback. `.ci/run` installs it; tests that need it say how when it is missing.
 */
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {rawRequest, type RawResponse, type RequestOptions} from '../../testkit/http';
import {killOnExit, waitUntilAnswering} from '../../testkit/processes';

export interface LoadBalancer {
  origin: string;
  request(target: string, options?: RequestOptions): Promise<RawResponse>;
  close(): Promise<void>;
}

/** Debian installs it in /usr/sbin, which is not on every user's PATH. */
const HAPROXY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';

export function haproxyInstalled(): boolean {
  return spawnSync(HAPROXY, ['-v'], {stdio: 'ignore'}).status === 0;
}

/** A loopback port nothing listens on now: the balancer's, known before the gates that must name it start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      server.close(() => resolve(port));
    });
  });
}

/** Round robin on `port` over `backends` (origins such as http://127.0.0.1:4567), request by request. */
export async function startLoadBalancer(port: number, backends: readonly string[]): Promise<LoadBalancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  const servers = backends.map((backend, index) => `  server gate${index} ${new URL(backend).host}`);
  writeFileSync(
    config,
    [
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      // Each request is balanced on its own: a client's keep-alive connection does not pin it to one gate.
      '  option http-server-close',
      'frontend readers',
      `  bind 127.0.0.1:${port}`,
      '  default_backend gates',
      'backend gates',
      '  balance roundrobin',
      ...servers,
      '',
    ].join('\n'),
  );
  const child = killOnExit(spawn(HAPROXY, ['-db', '-f', config], {stdio: ['ignore', 'ignore', 'pipe']}));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(origin, {path: '/healthz', stillRunning: () => child.exitCode === null}).catch((error: unknown) => {
    throw new Error(`haproxy did not start: ${stderr}`, {cause: error});
  });
  return {
    origin,
    request: (target, options) => rawRequest(origin, target, options),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
