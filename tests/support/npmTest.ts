/**
 * `npm test`: the checks that need no emulator (`npm run test:checks`: typecheck, lint, unit and component
 * tests, the builds) run while the Auth emulator starts, and the tests that need it (`npm run test:served`) run
 * inside it once the checks have passed. Starting the emulator is 12-16 s, most of it one core compiling
 * the Auth API's schemas: run first, it held everything else back.
 *
 * The emulator's life is still `firebase emulators:exec`'s (`npm run with-emulator`): it stops when the
 * tests end, when the checks fail (its command is told "stop"), when this process goes (its command reads
 * the end of its input), and on Ctrl-C (the terminal signals it directly).
 */
import {spawn, type ChildProcess} from 'node:child_process';
import os from 'node:os';

/** The emulator's command: one line on its standard input decides, "go" once the checks have passed. */
const AFTER_CHECKS = 'read -r verdict && [ "$verdict" = go ] && npm run test:served';

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

async function main(): Promise<number> {
  const emulator = spawn('npm', ['run', 'with-emulator', '--', AFTER_CHECKS], {stdio: ['pipe', 'inherit', 'inherit']});
  // A process group of their own, to stop them together: run-p leaves its tasks running when it is killed.
  const checks = spawn('npm', ['run', 'test:checks'], {stdio: 'inherit', detached: true});
  const [emulatorDone, checksDone] = [exited(emulator), exited(checks)];
  const tell = (verdict: 'go' | 'stop' | null) => {
    if (!emulator.stdin!.writableEnded) emulator.stdin!.end(verdict ? `${verdict}\n` : undefined);
  };
  const stopChecks = (signal: NodeJS.Signals) => {
    if (checks.exitCode === null && checks.signalCode === null) process.kill(-checks.pid!, signal);
  };

  let stopped: NodeJS.Signals | null = null;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      stopped = signal;
      stopChecks(signal);
      tell(null);
      // Ctrl-C reaches the emulator from the terminal already; a second signal would cut its clean shutdown short.
      if (signal !== 'SIGINT') emulator.kill(signal);
    });
  }

  const first = await Promise.race([checksDone.then((code) => ({checks: code})), emulatorDone.then((code) => ({emulator: code}))]);
  if (stopped) {
    await Promise.all([checksDone, emulatorDone]);
    return 128 + os.constants.signals[stopped];
  }
  if ('emulator' in first) {
    console.error(`npm test: the emulator stopped (exit ${first.emulator}) before the checks ended, so they are stopped too.`);
    stopChecks('SIGTERM');
    await checksDone;
    return first.emulator || 1;
  }
  tell(first.checks === 0 ? 'go' : 'stop');
  const served = await emulatorDone;
  return first.checks || served;
}

main().then((code) => process.exit(code));
