/**
 * The compiled gate server (`node dist/server/main.js`) as a process of its own, as production runs it:
 * for the tests of what only a process shows (signals, exit, another identity address: firebase-admin
 * reads it only from the process environment), and for the benchmarks, which read its memory and CPU.
 */
import {spawn} from 'node:child_process';
import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {rawRequest, type RawResponse, type RequestOptions} from './http';
import {killOnExit} from './processes';
import {REPO} from './siteCopy';

const COMPILED_SERVER = path.join(REPO, 'dist/server/main.js');
const LISTENING = 'Server listening at ';

/** What every test gate offers: in the test's process (tests/support/gate.ts) and as a process (below). */
export interface Gate {
  /** The origin the login page calls the session endpoints from. */
  origin: string;
  /** The JSON lines the gate logged so far (audit trail, warnings, errors), parsed. */
  logs: Record<string, unknown>[];
  request(path: string, options?: RequestOptions): Promise<RawResponse>;
  close(): Promise<void>;
}

/** Feeds chunks of output; each complete JSON line is parsed into `logs`, any other line kept in `printed` when given. */
export function jsonLineParser(logs: Record<string, unknown>[], printed?: string[]): (chunk: Buffer) => void {
  let partial = '';
  return (chunk) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
      else printed?.push(line);
    }
  };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, {recursive: true})) {
    if (String(entry).endsWith('.ts')) newest = Math.max(newest, statSync(path.join(dir, String(entry))).mtimeMs);
  }
  return newest;
}

/** A stale compile would run yesterday's server under today's name. */
function requireFreshCompile(): void {
  const sources = Math.max(newestMtime(path.join(REPO, 'server')), newestMtime(path.join(REPO, 'contracts')));
  const compiled = statSync(COMPILED_SERVER, {throwIfNoEntry: false})?.mtimeMs ?? 0;
  if (compiled < sources) throw new Error('dist/server/main.js is missing or older than server/ and contracts/: run npm run build:server');
}

export interface GateProcess extends Gate {
  pid: number;
  /** The lines it printed for the operator (the start banner), not the JSON log. */
  printed: string[];
  /**
   * Resolves once `condition` holds for the log and the printed lines: lines arrive through a pipe,
   * after the answers of the requests that wrote them, as soon as a busy machine lets them (no deadline
   * of its own: the test runner's catches a line that never comes). Rejects if the gate exits first.
   */
  logged(condition: (logs: Record<string, unknown>[], printed: string[]) => boolean): Promise<void>;
  /** Sends a signal; resolves with the exit code, once everything the process wrote is in `logs` (or, with the log unread, once it exits). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops reading its log, as a log reader that hangs: the pipe fills, and what it writes waits. */
  stopReadingLog(): void;
  /** What it wrote on stderr so far. */
  stderr(): string;
}

/**
 * Starts the compiled server on a free loopback port with the settings `env`; resolves once it
 * listens. `command` runs it another way (`npm run serve`).
 */
export async function startGateProcess(
  env: Record<string, string>,
  command: readonly string[] = [process.execPath, COMPILED_SERVER],
): Promise<GateProcess> {
  requireFreshCompile();
  const [program, ...args] = command as [string, ...string[]];
  const child = killOnExit(
    spawn(program, args, {
      cwd: REPO,
      env: {...process.env, HOST: '127.0.0.1', PORT: '0', ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const logs: Record<string, unknown>[] = [];
  const printed: string[] = [];
  const parse = jsonLineParser(logs, printed);
  const waiting = new Set<() => void>();
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    parse(chunk);
    for (const check of waiting) check();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // 'close', not 'exit': by then everything the process wrote has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const exitedUnread = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let logUnread = false;

  const logged = (condition: (logs: Record<string, unknown>[], printed: string[]) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!condition(logs, printed)) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
      // Everything it wrote is read by then: a line that has not come will not.
      void exited.then((code) => {
        if (!waiting.delete(check)) return;
        reject(new Error(`the gate exited (${code}) without logging what was awaited`));
      });
    });
  const origin = await new Promise<string>((resolve, reject) => {
    // Fastify's own line, with the port the system chose.
    const check = () => {
      const line = logs.find((entry) => String(entry.msg).startsWith(LISTENING));
      if (!line) return;
      waiting.delete(check);
      resolve(String(line.msg).slice(LISTENING.length));
    };
    waiting.add(check);
    void exited.then((code) => reject(new Error(`the gate process exited with ${code} before listening: ${stderr}`)));
  });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    if (!logUnread) return exited;
    const code = await exitedUnread;
    child.stdout.destroy();
    return code;
  };
  return {
    pid: child.pid!,
    origin,
    logs,
    printed,
    logged,
    stop,
    stopReadingLog: () => {
      logUnread = true;
      child.stdout.pause();
    },
    stderr: () => stderr,
    request: (target, options) => rawRequest(origin, target, options),
    close: async () => void (await stop()),
  };
}
