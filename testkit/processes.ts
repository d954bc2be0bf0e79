/** The harness's child processes: none outlives a run, and a server is awaited until it answers. */
import type {ChildProcess} from 'node:child_process';
import {setTimeout as sleep} from 'node:timers/promises';

const running = new Set<ChildProcess>();
// A run that fails or is interrupted leaves none behind (`finally` blocks do not run on process.exit).
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Kills `child` when this process exits, unless it has closed by then. */
export function killOnExit<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('close', () => running.delete(child));
  return child;
}

/**
 * Resolves once any HTTP answer comes from `origin` + `path`, for servers that log no line of their own
 * when they listen. Rejects after `timeoutMs`, or at once when `stillRunning` says the server is gone.
 */
export async function waitUntilAnswering(
  origin: string,
  {path = '/', timeoutMs = 10_000, stillRunning = () => true}: {path?: string; timeoutMs?: number; stillRunning?: () => boolean} = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${origin}${path}`, {signal: AbortSignal.timeout(1000), redirect: 'manual'});
      await response.body?.cancel();
      return;
    } catch (error) {
      if (!stillRunning()) throw new Error(`${origin} stopped before answering`, {cause: error});
      if (Date.now() > deadline) throw new Error(`${origin} did not answer within ${timeoutMs} ms`, {cause: error});
      await sleep(50);
    }
  }
}
