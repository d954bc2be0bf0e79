/**
 * Insights scaled out: three gate processes behind HAProxy (round robin, loopback) write to one PostgreSQL
 * at once, and one of them is stopped (SIGTERM) while readers' beacons are still coming. Every beacon a
 * gate acknowledged (204) is in the database afterwards; the stopped gate exits cleanly, having written what
 * it held.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {Kysely, PostgresDialect} from 'kysely';
import pg from 'pg';
import {SEARCH_BEACON} from '../../contracts/insights';
import {sessionCookieHeader} from '../../contracts/session';
import {NAVIGATION} from '../../testkit/http';
import {createDatabase, TEST_DATABASE_URL} from '../../testkit/postgres';
import type {InsightsTables} from '../../server/services/insightsDatabase';
import {sessionCookieFor} from '../support/gate';
import {startTestGateProcess, type GateProcess} from '../support/gateProcess';
import {freePort, haproxyInstalled, startLoadBalancer, type LoadBalancer} from '../support/loadBalancer';
import {emulator, uniqueEmail} from '../support/emulator';
import {FIXTURE_SITE_BUILD_ROOT} from '../support/fixtureSite';

const serverUrl = process.env[TEST_DATABASE_URL];
if (!serverUrl) throw new Error(`${TEST_DATABASE_URL} is not set: run the integration tests with testkit/withPostgres.ts (npm test does)`);

const INSTANCES = 3;
const READERS = 6;
/** Beacons per reader, in rounds of one per reader: within every gate's per-reader minute limit. */
const ROUNDS = 16;
/**
 * The round at which the second gate is stopped, with beacons of that round on their way to it. Late: the
 * balancer tries a gate that left for 3 s before it answers 503 (HAProxy's retries), every round after.
 */
const STOP_AFTER = 12;

let gates: GateProcess[];
let balancer: LoadBalancer;
let db: Kysely<InsightsTables>;

beforeAll(async () => {
  if (!haproxyInstalled()) throw new Error('These tests need HAProxy: apt-get install haproxy (.ci/run installs it).');
  const databaseUrl = await createDatabase(serverUrl);
  db = new Kysely<InsightsTables>({dialect: new PostgresDialect({pool: new pg.Pool({connectionString: databaseUrl})})});
  const port = await freePort();
  const env = {
    BUILD_DIR: FIXTURE_SITE_BUILD_ROOT,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    INSIGHTS: 'on',
    DATABASE_URL: databaseUrl,
  };
  // All three migrate the empty database at once: its migrator's lock lets one do it.
  gates = await Promise.all(Array.from({length: INSTANCES}, () => startTestGateProcess(env)));
  await Promise.all(gates.map((gate) => gate.logged((logs) => logs.some((line) => line.event === 'insights-ready'))));
  balancer = await startLoadBalancer(
    port,
    gates.map((gate) => gate.origin),
  );
});

afterAll(async () => {
  await balancer?.close();
  await Promise.all((gates ?? []).map((gate) => gate.close()));
  await db?.destroy();
});

describe('three gates writing at once, one stopped mid-way', () => {
  it('keep every report they acknowledged', async () => {
    const cookies = await Promise.all(
      Array.from({length: READERS}, async () => sessionCookieFor(balancer, await emulator.newAccount(uniqueEmail('insights-scaled')))),
    );
    const page = '/docs';
    expect((await balancer.request(page, {headers: {...NAVIGATION, cookie: sessionCookieHeader(cookies[0]!)}})).status).toBe(200);

    const acknowledged: string[] = [];
    const refused: number[] = [];
    let stopped: Promise<number | null> | null = null;
    for (let round = 0; round < ROUNDS; round++) {
      const sending = Promise.all(
        cookies.map(async (cookie, reader) => {
          const query = `scaled ${round} ${reader}`;
          // A connection cut as the gate stops is an answer the reader never got: not acknowledged (status 0).
          const status = await balancer
            .request(SEARCH_BEACON, {
              method: 'POST',
              headers: {cookie: sessionCookieHeader(cookie), 'content-type': 'application/json', origin: balancer.origin},
              body: JSON.stringify({query, page, results: 3, opened: 1}),
            })
            .then(
              (response) => response.status,
              () => 0,
            );
          return {query, status};
        }),
      );
      // Once this round's beacons are on their way: those the gate has taken wait for its batch as it stops.
      if (round === STOP_AFTER) stopped = gates[1]!.stop('SIGTERM');
      const answers = await sending;
      for (const {query, status} of answers) {
        if (status === 204) acknowledged.push(query);
        else refused.push(status);
      }
    }
    expect(await stopped).toBe(0);

    // Most went through (the gate that stopped was the balancer's for a third of them, until it left).
    expect(acknowledged.length).toBeGreaterThan((READERS * ROUNDS) / 2);
    expect(refused.filter((status) => status !== 503 && status !== 0)).toEqual([]);
    const kept = await db.selectFrom('insights_searches').select(['query', 'searches']).where('query', 'like', 'scaled %').execute();
    const keptQueries = new Map(kept.map((row) => [row.query, row.searches]));
    expect(acknowledged.filter((query) => keptQueries.get(query) !== 1)).toEqual([]);
    expect(gates[1]!.logs.filter((line) => line.event === 'insights-dropped')).toEqual([]);
  });
});
