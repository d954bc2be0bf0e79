/** Child processes of the benchmarks: timed commands, and servers that are always stopped. */
import {spawn} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {killOnExit, waitUntilAnswering} from '../../testkit/processes';
import {sum} from './stats';

// Interrupted, a benchmark exits, so that killOnExit stops the servers it started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** `env` adds to this process's environment; a variable set to undefined is left out of it. */
type RunOptions = {cwd: string; env?: Record<string, string | undefined>};

const failed = (command: string, args: readonly string[], cwd: string, what: string, output: string) =>
  new Error(`${[command, ...args].join(' ')} (in ${cwd}) ${what}:\n${output}`);

/** Starts a command, keeping the tail of its output for the error that reports its failure. */
function start(command: string, args: readonly string[], {cwd, env = {}}: RunOptions) {
  const child = killOnExit(spawn(command, args, {cwd, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']}));
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', resolve);
    child.once('error', () => resolve(null));
  });
  return {child, exited, failure: (what: string) => failed(command, args, cwd, what, output), tail: () => output};
}

/** A file of /proc/<pid>, or '' once the process is gone. */
function procFile(pid: number | 'self', file: 'stat' | 'status' | 'cmdline'): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** Fields of /proc/<pid>/stat after the command name, which may contain spaces (proc(5): field 3 is at 0). */
const statFields = (pid: number | 'self') => {
  const stat = procFile(pid, 'stat');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
};

/** User + system CPU ms of this process's finished children (cutime, cstime: 1/100 s ticks). */
const childrenCpuMs = () => (Number(statFields('self')[13]) + Number(statFields('self')[14])) * 10;

/** A field of /proc/<pid>/status in KiB (VmRSS: resident now; VmHWM: its peak); 0 once the process is gone. */
const statusKiB = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(procFile(pid, 'status'))?.[1] ?? 0);

/** Resident memory of `root` and every process below it, in KiB. */
function treeRssKiB(root: number): number {
  const pids = readdirSync('/proc').flatMap((name) => (/^\d+$/.test(name) ? [Number(name)] : []));
  const parentOf = new Map(pids.map((pid) => [pid, Number(statFields(pid)[1])]));
  const inTree = (pid: number | undefined): boolean => !!pid && pid > 1 && (pid === root || inTree(parentOf.get(pid)));
  return sum(pids.filter(inTree).map((pid) => statusKiB(pid, 'VmRSS')));
}

/** User + system CPU ms of a process, with its finished children's (fields 14–17 of its stat, 1/100 s ticks); 0 once it is gone. */
const cpuMsOfProcess = (pid: number) => {
  const fields = statFields(pid);
  return fields.length < 15 ? 0 : (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
};

/** CPU ms of the processes given by id, or of every process whose command line `matches` (a server and its workers). */
export function cpuMsOf(which: number | ((commandLine: string) => boolean)): number {
  if (typeof which === 'number') return cpuMsOfProcess(which);
  const pids = readdirSync('/proc').flatMap((name) => (/^\d+$/.test(name) ? [Number(name)] : []));
  return sum(pids.filter((pid) => which(procFile(pid, 'cmdline').replaceAll('\0', ' '))).map(cpuMsOfProcess));
}

/** CPU ms the whole machine spent working (every core, /proc/stat's first line: all but idle and iowait). */
export function machineCpuMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
}

/** Resident memory of a process now and at its peak, in MiB. */
export function memoryOf(pid: number): {'RSS MiB': number; 'Peak RSS MiB': number} {
  const mib = (field: 'VmRSS' | 'VmHWM') => Math.round(statusKiB(pid, field) / 102.4) / 10;
  return {'RSS MiB': mib('VmRSS'), 'Peak RSS MiB': mib('VmHWM')};
}

export interface Timed {
  wallMs: number;
  /** CPU time of the command and everything it ran (threads included): less sensitive than wall time to other load. */
  cpuMs: number;
  /** The most memory the command and the processes it started held at once (summed resident sets, sampled every 200 ms). */
  peakRssMiB: number;
}

/** A command's end, whatever its exit code: its figures, its exit code (null: killed) and the last 8,000 characters it wrote. */
export interface Finished extends Timed {
  exitCode: number | null;
  outputTail: string;
}

/**
 * Runs a command to its end. Past `timeoutMs` it is sent SIGTERM, which npm hands on to its script (a
 * SIGKILL would leave the script's own children running), then SIGKILL ten seconds later.
 */
export async function runMeasured(
  command: string,
  args: readonly string[],
  {timeoutMs = 30 * 60 * 1000, ...options}: RunOptions & {timeoutMs?: number},
): Promise<Finished> {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const {child, exited, tail} = start(command, args, options);
  const timers = [setTimeout(() => child.kill('SIGTERM'), timeoutMs), setTimeout(() => child.kill('SIGKILL'), timeoutMs + 10_000)];
  let peakKiB = 0;
  const sampler = setInterval(() => (peakKiB = Math.max(peakKiB, treeRssKiB(child.pid!))), 200);
  const exitCode = await exited;
  for (const timer of timers) clearTimeout(timer);
  clearInterval(sampler);
  const wallMs = performance.now() - started;
  return {wallMs, cpuMs: childrenCpuMs() - cpuBefore, peakRssMiB: Math.round(peakKiB / 1024), exitCode, outputTail: tail()};
}

/** Runs a command that must succeed: a failure rejects with the tail of its output. */
export async function runTimed(command: string, args: readonly string[], options: RunOptions): Promise<Timed> {
  const {exitCode, outputTail, ...timed} = await runMeasured(command, args, options);
  const seconds = Math.round(timed.wallMs / 1000);
  if (exitCode !== 0) throw failed(command, args, options.cwd, `ended with ${exitCode ?? 'a signal'} after ${seconds} s`, outputTail);
  return timed;
}

/** Starts a server and resolves once any HTTP answer comes from `origin` + `readyPath` (within two minutes). */
export async function startServer(command: string, args: readonly string[], options: RunOptions & {origin: string; readyPath: string}) {
  const {child, exited, failure} = start(command, args, options);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const stillRunning = () => exitCode === undefined;
  await waitUntilAnswering(options.origin, {path: options.readyPath, timeoutMs: 120_000, stillRunning}).catch((error: Error) => {
    child.kill('SIGKILL');
    throw failure(stillRunning() ? error.message : `exited (${exitCode}) before answering`);
  });
  const stop = async () => {
    if (exitCode !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return {origin: options.origin, stop};
}

type Closable = {stop(): Promise<unknown>} | {close(): Promise<unknown>};

/**
 * Lends `use` an `add` for the servers, browsers and the like it opens: they are closed in reverse
 * order once `use` has settled, even when it failed half-way.
 */
export async function withResources<T>(use: (add: <R extends Closable>(resource: R) => R) => Promise<T>): Promise<T> {
  const closers: (() => Promise<unknown>)[] = [];
  try {
    return await use((resource) => (closers.push(() => ('stop' in resource ? resource.stop() : resource.close())), resource));
  } finally {
    for (const close of closers.reverse()) await close().catch((error: unknown) => console.error('cleanup:', error));
  }
}
