/** Runs a Node script of the repository as a child process, as an operator would. */
import {execFile} from 'node:child_process';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '../..');

export interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node --import tsx <script> ...args`. Asynchronous on purpose: while a synchronous child runs,
 * the test's event loop misses servers closing idle keep-alive sockets, and its next fetch reuses
 * a dead one ("other side closed").
 */
export function runScript(script: string, args: readonly string[], env: Record<string, string | undefined>): Promise<Finished> {
  const defined = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      {cwd: REPO, encoding: 'utf8', timeout: 30_000, env: defined},
      (error, stdout, stderr) => resolve({status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr}),
    );
  });
}
