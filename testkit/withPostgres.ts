/**
 * `tsx testkit/withPostgres.ts -- <command>`: runs a command with a throwaway PostgreSQL up (testkit/postgres.ts)
 * and its address in TEST_DATABASE_URL (the `postgres` database; createDatabase makes others beside it),
 * as `firebase emulators:exec` runs one with the Auth emulator.
 */
import {spawn} from 'node:child_process';
import {startPostgres, TEST_DATABASE_URL} from './postgres';

async function main(): Promise<number> {
  const separator = process.argv.indexOf('--');
  const command = process.argv.slice(separator === -1 ? 2 : separator + 1).join(' ');
  if (command === '') throw new Error('Usage: tsx testkit/withPostgres.ts -- <command>');
  const server = await startPostgres();
  try {
    const child = spawn(command, {shell: true, stdio: 'inherit', env: {...process.env, [TEST_DATABASE_URL]: server.url}});
    return await new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
