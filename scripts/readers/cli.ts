/** `npm run readers -- <command>`: manages who can read (see USAGE in commandLine.ts, and program.ts). */
import {runReaders} from './program';

// exitCode rather than exit(): lets stdout drain when it is a pipe.
void runReaders(process.argv.slice(2), process.env).then((code) => {
  process.exitCode = code;
});
