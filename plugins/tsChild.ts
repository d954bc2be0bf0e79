/**
 * Runs one of the build's TypeScript scripts in a process of its own (through tsx, as the build itself
 * runs), for work that should not share the build's heap or core: resolves once it exits cleanly, and
 * rejects, naming `what`, when it fails or cannot start.
 */
import {spawn} from 'node:child_process';
import {once} from 'node:events';

export async function runTsChild(script: string, args: readonly string[], what: string, env?: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {stdio: 'inherit', ...(env ? {env} : {})});
  // `once` rejects on the child's 'error' (it could not start).
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`${what} failed (${signal ?? `exit code ${code}`}).`);
}
