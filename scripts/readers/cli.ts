/** `npm run readers -- <command>`: manages who can read (see USAGE in commandLine.ts, and program.ts). */
import path from 'node:path';
import {runReaders} from './program';

/** The site is the repository this command is part of, wherever it is run from (unless `--site` names another). */
const SITE_ROOT = path.resolve(__dirname, '../..');

// exitCode rather than exit(): lets stdout drain when it is a pipe.
void runReaders(process.argv.slice(2), process.env, SITE_ROOT).then((code) => {
  process.exitCode = code;
});
