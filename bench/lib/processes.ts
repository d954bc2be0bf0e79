/** Child processes of the benchmarks: timed commands, and servers that are always stopped. */
import {spawn, type ChildProcess} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';

const running = new Set<ChildProcess>();

// A benchmark that fails or is interrupted still stops the servers it started.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const OUTPUT_TAIL = 8000;

function track(child: ChildProcess): {output: () => string; exited: Promise<number | null>} {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  running.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      running.delete(child);
      resolve(code);
    });
    child.once('error', () => resolve(null));
  });
  return {output: () => output, exited};
}

/** User + system CPU seconds of this process's finished children (Linux: /proc, in 1/100 s ticks). */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  // After the command name: field 16 (cutime) and 17 (cstime) of proc(5) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

export interface Timed {
  wallMs: number;
  /** CPU time of the command and everything it ran (threads included): less sensitive than wall time to other load. */
  cpuMs: number;
  /** The most memory the command and the processes it started held at once (summed resident sets, sampled). */
  peakRssMiB: number;
}

const MEMORY_SAMPLE_MS = 200;

/** Resident memory of `root` and every process below it, in KiB, from /proc. */
function treeRssKiB(root: number): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's pid is the second field after the command name's closing parenthesis.
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]));
    } catch {
      // Gone between the listing and the read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let current: number | undefined = pid; current !== undefined && current > 1; current = parentOf.get(current)) {
      if (current === root) return true;
    }
    return false;
  };
  let total = 0;
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue;
    try {
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

export interface CommandOptions {
  cwd: string;
  env?: Record<string, string>;
  timeoutMs: number;
}

export async function runTimed(command: string, args: readonly string[], {cwd, env = {}, timeoutMs}: CommandOptions): Promise<Timed> {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawn(command, args, {cwd, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
  const {output, exited} = track(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  let peakKiB = 0;
  const sampler = setInterval(() => (peakKiB = Math.max(peakKiB, treeRssKiB(child.pid!))), MEMORY_SAMPLE_MS);
  const code = await exited;
  clearTimeout(timer);
  clearInterval(sampler);
  const wallMs = performance.now() - started;
  if (code !== 0) {
    throw new Error(
      `${[command, ...args].join(' ')} (in ${cwd}) ended with ${code ?? 'a signal'} after ${Math.round(wallMs / 1000)} s:\n${output()}`,
    );
  }
  return {wallMs, cpuMs: childrenCpuMs() - cpuBefore, peakRssMiB: Math.round(peakKiB / 1024)};
}

export interface RunningServer {
  pid: number;
  origin: string;
  stop(): Promise<void>;
}

export interface ServerOptions extends CommandOptions {
  origin: string;
  /** Any HTTP answer on this path means the server is up. */
  readyPath: string;
}

export async function startServer(command: string, args: readonly string[], options: ServerOptions): Promise<RunningServer> {
  const child = spawn(command, args, {cwd: options.cwd, env: {...process.env, ...options.env}, stdio: ['ignore', 'pipe', 'pipe']});
  const {output, exited} = track(child);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${command} ${args.join(' ')} exited (${exitCode}) before answering:\n${output()}`);
    try {
      await fetch(`${options.origin}${options.readyPath}`, {signal: AbortSignal.timeout(1000), redirect: 'manual'});
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${command} ${args.join(' ')} did not answer at ${options.origin} in ${options.timeoutMs / 1000} s:\n${output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    pid: child.pid!,
    origin: options.origin,
    async stop() {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident memory of a process now and at its peak, in MiB (/proc/<pid>/status). */
export function memoryOf(pid: number): {rssMiB: number; peakRssMiB: number} {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return {rssMiB: Math.round(kib('VmRSS') / 102.4) / 10, peakRssMiB: Math.round(kib('VmHWM') / 102.4) / 10};
}

/** CPU time (user + system) a process has used so far, in seconds. */
export function cpuSecondsOf(pid: number): number {
  // /proc/<pid>/stat: the command name (field 2) may contain spaces; utime and stime are the
  // 12th and 13th fields after its closing parenthesis, in clock ticks (100 per second on Linux).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Servers, browsers and the like a benchmark opened: closed in reverse order, even when it fails half-way. */
export class Resources {
  private readonly closers: (() => Promise<void>)[] = [];

  add<T extends {stop(): Promise<void>}>(resource: T): T {
    this.closers.push(() => resource.stop());
    return resource;
  }

  onClose(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  async close(): Promise<void> {
    for (const close of this.closers.splice(0).reverse()) await close().catch((error: unknown) => console.error('cleanup:', error));
  }
}
