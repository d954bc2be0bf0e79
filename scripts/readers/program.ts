/**
 * `npm run readers` as a function: the arguments, the environment and the site's folder (whose
 * audiences.json defines the audiences, unless `--site` names another) in, the exit status out, what the
 * operator reads written to the console (stdout, and stderr for warnings and failures). Exit status:
 * 0 done, 1 failed, 2 usage error. Failures are one line on stderr, never a stack trace.
 */
import {statSync} from 'node:fs';
import path from 'node:path';
import type {Env} from '../../contracts/firebaseProject';
import {runCommand} from './commands';
import {parseCommandLine, USAGE, UsageError, UserError} from './commandLine';

/** An unexpected error in one line: its message, Firebase's code, and the underlying cause. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as {code?: unknown}).code;
  const cause = error.cause instanceof Error ? error.cause.message : null;
  return [error.message, typeof code === 'string' ? `[${code}]` : null, cause ? `(cause: ${cause})` : null]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** The site `--site` names, from the folder the command runs in; a folder that is not there is the operator's mistake. */
function siteFolder(site: string): string {
  const folder = path.resolve(site);
  if (!statSync(folder, {throwIfNoEntry: false})?.isDirectory()) throw new UserError(`--site ${site}: there is no such folder.`);
  return folder;
}

export async function runReaders(argv: readonly string[], env: Env, siteDir: string): Promise<number> {
  let command;
  let site;
  try {
    ({command, site} = parseCommandLine(argv));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`readers: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.name === 'help') {
    console.log(USAGE);
    return 0;
  }
  try {
    await runCommand(command, env, site === null ? siteDir : siteFolder(site));
    return 0;
  } catch (error) {
    // A mistake only the site's files reveal (an audience it does not define): the usage text would not help.
    if (error instanceof UsageError) {
      console.error(`readers: ${error.message}`);
      return 2;
    }
    console.error(error instanceof UserError ? `readers: ${error.message}` : `readers: failed: ${describeFailure(error)}`);
    return 1;
  }
}
