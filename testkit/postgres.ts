/**
 * A throwaway PostgreSQL server for the tests and the benchmarks, as the emulator is one for identity:
 * Debian's `postgresql` (.ci/run installs it), a cluster made in a temporary folder, listening on a
 * loopback port, stopped and removed at the end. Each test file takes a database of its own.
 * testkit/withPostgres.ts runs a command beside one.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {chownSync, existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir, userInfo} from 'node:os';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import pg from 'pg';
import {killOnExit} from './processes';

export const TEST_DATABASE_URL = 'TEST_DATABASE_URL';

/** The server's programs: Debian keeps them per major version, off the PATH. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined || !existsSync(path.join(root, newest, 'bin/initdb'))) {
    throw new Error(
      'PostgreSQL is not installed: the tests need Debian\'s "postgresql" package (apt-get install postgresql; .ci/run does).',
    );
  }
  return path.join(root, newest, 'bin');
}

/** PostgreSQL refuses to run as root: there, its programs run as the package's own user. */
function asServerUser(program: string, args: string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as {port: number};
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface PostgresServer {
  /** The `postgres` database's address. */
  url: string;
  /** A new, empty database; resolves with its address. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Makes a new database on the server at `serverUrl` (TEST_DATABASE_URL); resolves with its address. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({connectionString: serverUrl});
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return databaseUrl(serverUrl, name);
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'tutorial-hub-postgres-'));
  if (userInfo().uid === 0) {
    const postgresUser = spawnSync('id', ['-u', 'postgres'], {encoding: 'utf8'});
    const uid = Number(postgresUser.stdout.trim());
    chownSync(dir, uid, uid);
  }
  const data = path.join(dir, 'data');
  const [initdb, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const made = spawnSync(initdb, initArgs, {encoding: 'utf8'});
  if (made.status !== 0) throw new Error(`initdb failed: ${made.stderr || made.stdout}`);

  const port = await freePort();
  // Durability is not what the tests prove: a lost test database is made again.
  const settings = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'];
  const [postgres, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    ...settings,
  ]);
  const server: ChildProcess = killOnExit(spawn(postgres, args, {stdio: ['ignore', 'ignore', 'pipe']}));
  let log = '';
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({connectionString: url});
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${log}`, {cause: error});
      await sleep(100);
    }
  }

  return {
    url,
    createDatabase: () => createDatabase(url),
    async stop() {
      // Fast shutdown (sessions are ended, nothing waits for clients), asked of the server itself: runuser,
      // its parent as root, does not pass a signal on, and the run would wait for it for ever.
      const [pgCtl, stopArgs] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      const stopped = spawnSync(pgCtl, stopArgs, {encoding: 'utf8'});
      if (stopped.status !== 0) server.kill('SIGKILL');
      await exited;
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
