/** The gate's logger (Fastify's) for tests of a service alone: silent, or keeping its lines for the test to read. */
import Fastify, {type FastifyBaseLogger} from 'fastify';

export interface LogLine {
  level: string;
  msg: string;
  [detail: string]: unknown;
}

export const silentLog: FastifyBaseLogger = Fastify({logger: false}).log;

export function capturedLog(): {log: FastifyBaseLogger; lines: LogLine[]} {
  const lines: LogLine[] = [];
  const {log} = Fastify({
    logger: {
      level: 'info',
      // Only what the service wrote: its level by name, its details and its message.
      base: undefined,
      timestamp: false,
      formatters: {level: (level) => ({level})},
      stream: {write: (line: string) => lines.push(JSON.parse(line) as LogLine)},
    },
  });
  return {log, lines};
}
