/** What both kinds of test gate share: in this process (gate.ts) and as a child process (gateProcess.ts). */
import type {RawResponse, RequestOptions} from '../../testkit/http';

export interface Gate {
  /** The origin the login page calls the session endpoints from. */
  origin: string;
  /** The JSON lines the gate logged so far (audit trail, warnings, errors), parsed. */
  logs: Record<string, unknown>[];
  request(path: string, options?: RequestOptions): Promise<RawResponse>;
  close(): Promise<void>;
}

/** Feeds chunks of output; each complete JSON line is parsed into `logs`, anything else skipped. */
export function jsonLineParser(logs: Record<string, unknown>[]): (chunk: Buffer) => void {
  let partial = '';
  return (chunk) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
  };
}
