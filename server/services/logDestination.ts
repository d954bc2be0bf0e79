/**
 * Where the gate's JSON lines go: stdout, through pino's asynchronous destination. A log reader that
 * stops reading (a full pipe) must never stop the gate, nor keep it from stopping: left to itself,
 * pino retries a full pipe for ever, and on exit flushes it synchronously, for ever. Here lines wait in
 * memory up to a bound, past which they are dropped and counted, and a stopping gate waits a moment
 * for the reader, then gives up on what is left and says so on stderr.
 */
import {write} from 'node:fs';
import pino from 'pino';

/** Log lines held while the reader is slow, at most: past this a line is dropped rather than memory grown. */
const MAX_HELD_BYTES = 16 * 1024 * 1024;
/** How long a stopping gate waits for a log reader that is not reading. */
export const FINAL_FLUSH_MS = 1000;

export interface LogDestination {
  /** What pino writes to. */
  stream: pino.DestinationStream;
  /** Waits at most FINAL_FLUSH_MS for the reader to take what is held, then lets go of the output. */
  finish(): Promise<void>;
  /** Lets go of the output at once (the process exits now), saying what was not written. */
  abandon(): void;
}

export function logDestination(fd = 1): LogDestination {
  let giveUpAt = Number.POSITIVE_INFINITY;
  let given = 0;
  let written = 0;
  let dropped = 0;
  // The reader went away (EPIPE, which pino turns into dropping every line) or writing failed.
  let broken = false;
  let released = false;
  const boom = pino.destination({dest: fd, sync: false, maxLength: MAX_HELD_BYTES, retryEAGAIN: () => Date.now() < giveUpAt});
  boom.on('write', (bytes: number) => (written += bytes));
  boom.on('drop', (data: string | Buffer) => (dropped += Buffer.byteLength(data)));
  // pino stops writing on EPIPE itself and passes any other error on: nothing can be logged about the log.
  boom.on('error', () => (broken = true));
  const held = () => (broken || released ? 0 : given - written - dropped);

  const letGo = () => {
    if (released) return;
    released = true;
    const lost = given - written;
    // Destroyed, it retries nothing and pino's flush on exit skips it.
    boom.destroy();
    if (lost > 0) {
      // Asynchronous: a stderr nobody reads cannot hold the exit either.
      write(2, `Tutorial Hub gate: ${lost} bytes of log lines were not written: nothing read the log.\n`, () => undefined);
    }
  };

  return {
    stream: {
      write(line: string) {
        given += Buffer.byteLength(line);
        boom.write(line);
      },
    },
    async finish() {
      giveUpAt = Date.now() + FINAL_FLUSH_MS;
      if (held() > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, FINAL_FLUSH_MS);
          function check() {
            if (held() === 0) done();
          }
          function done() {
            clearTimeout(timer);
            boom.off('write', check);
            boom.off('error', done);
            resolve();
          }
          boom.on('write', check);
          boom.on('error', done);
        });
      }
      letGo();
    },
    abandon: letGo,
  };
}
