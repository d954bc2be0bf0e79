/**
 * HTTP load with autocannon, as the server benchmarks apply it: targets (a server and the reader it is
 * loaded as) loaded in turn, A B B A, and their throughput, latency and errors.
 */
import autocannon from 'autocannon';
import {rawRequest} from '../../testkit/http';
import {kib, round, sum} from './stats';

export const CONNECTIONS = 32;
export const SECONDS = 10;
/** Unreported, before the measured runs: the server's JIT and file caches settle. */
export const WARM_UP_SECONDS = 2;
/** Chromium's Accept-Encoding: the gate then sends brotli. */
export const BROTLI = {'accept-encoding': 'gzip, deflate, br'};

/** Answers with another status than `expectedStatus`. */
const otherAnswers = (result: autocannon.Result, expectedStatus: number) =>
  sum(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => (Number(status) === expectedStatus ? 0 : (stats?.count ?? 0))));

/** Throughput and latency over runs of one target; errors: failed connections, timeouts and answers other than `expectedStatus`. */
export function figures(results: readonly autocannon.Result[], expectedStatus: number) {
  const total = (pick: (result: autocannon.Result) => number) => sum(results.map(pick));
  return {
    'req/s': Math.round(total((result) => result.requests.total) / total((result) => result.duration)),
    // Files of different sizes (a reader's own cut of main.js) are sent at the rate of their bytes: both rates are kept.
    'MB/s': round(total((result) => result.throughput.total) / total((result) => result.duration) / 1e6, 1),
    'p50 ms': round(total((result) => result.latency.p50) / results.length, 1),
    'p99 ms': Math.max(...results.map((result) => result.latency.p99)),
    Errors: total((result) => result.errors + result.timeouts + otherAnswers(result, expectedStatus)),
  };
}

/** A server and the reader it is loaded as; `path`: this target's own address for the request (a build's hashed script). */
export type Target = {label: string; origin: string; headers: Record<string, string>; path?: string};

/** One autocannon run at `url`, `CONNECTIONS` connections for `duration` s. */
export const load = (url: string, duration: number, options: Partial<autocannon.Options> = {}) =>
  autocannon({url, connections: CONNECTIONS, duration, timeout: 10, ...options});

/** Each request of a run the next of `paths`, in turn. */
function inTurn(paths: readonly string[]): Partial<autocannon.Options> {
  let next = 0;
  return {requests: [{setupRequest: (request: autocannon.Request) => ({...request, path: paths[next++ % paths.length]!})}]};
}

/**
 * Loads each target for `SECONDS` in all, in halves ordered A B B A: the machine is shared, and a
 * change of background load during the run then falls on both targets alike. `urlPath`: one address,
 * or several asked for in turn. `rounds`: that many times A B B A, `SECONDS` each, for a finer comparison.
 */
export async function measure(name: string, urlPath: string | readonly string[], expectedStatus: number, targets: Target[], rounds = 1) {
  const pathOf = (target: Target) => (typeof urlPath === 'string' ? (target.path ?? urlPath) : urlPath[0]!);
  const loadTarget = (target: Target, duration: number) =>
    load(`${target.origin}${pathOf(target)}`, duration, {headers: target.headers, ...(typeof urlPath === 'string' ? {} : inTurn(urlPath))});
  for (const target of targets) {
    const first = await rawRequest(target.origin, pathOf(target), {headers: target.headers});
    if (first.status !== expectedStatus)
      throw new Error(`${target.label} ${pathOf(target)} answered ${first.status}, expected ${expectedStatus}`);
    await loadTarget(target, WARM_UP_SECONDS);
  }
  const orders = targets.length === 1 ? [targets] : [targets, [...targets].reverse()];
  const runs = new Map(targets.map((target) => [target, [] as autocannon.Result[]]));
  for (let round = 0; round < rounds; round++)
    for (const order of orders)
      for (const target of order) {
        const result = await loadTarget(target, SECONDS / orders.length);
        runs.get(target)!.push(result);
        // The tables count errors; their kinds are printed, for the run that had them.
        if (figures([result], expectedStatus).Errors > 0)
          console.log(
            `${name}, ${target.label}: ${result.errors} failed, ${result.timeouts} timed out; answers by status ${JSON.stringify(
              Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats?.count ?? 0])),
            )}`,
          );
      }
  // The answer as the runs got it, after them: a reader's own copy of a file is recompressed once made (buildFiles.ts).
  const answers: string[] = [];
  for (const target of targets) {
    const last = await rawRequest(target.origin, pathOf(target), {headers: target.headers});
    answers.push(`${last.status}, ${kib(last.bytes.length)} KiB`);
  }
  return targets.map((target, i) => ({
    Request: name,
    Server: target.label,
    Answer: answers[i]!,
    ...figures(runs.get(target)!, expectedStatus),
  }));
}
