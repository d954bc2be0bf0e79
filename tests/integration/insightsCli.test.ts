/**
 * `npm run insights` as an operator runs it: the tables and CSV files of a database the gate wrote to (a real
 * PostgreSQL), titles from the build, and its refusals (a period not offered; the embedded database while a
 * gate holds it).
 */
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {parse} from 'csv-parse/sync';
import {migrate, openInsightsDatabase, holdEmbedded, type InsightsDb} from '../../server/services/insightsDatabase';
import {dayOf} from '../../server/rules/insights';
import {createDatabase, TEST_DATABASE_URL} from '../../testkit/postgres';
import {REPO} from '../../testkit/siteCopy';
import {FIXTURE_SITE_BUILD_ROOT} from '../support/fixtureSite';

const serverUrl = process.env[TEST_DATABASE_URL];
if (!serverUrl) throw new Error(`${TEST_DATABASE_URL} is not set: run the integration tests with testkit/withPostgres.ts (npm test does)`);

/** A page of the fixture site's current version, and its title as its HTML gives it. */
const PAGE = {path: '/docs/chapter-1-introduction', title: 'Chapter 1: Introduction'};

let databaseUrl: string;
let db: InsightsDb;
let dir: string;

/** Runs the command with `env` over this process's; resolves with its exit code and what it printed. */
function insightsCli(args: string[], env: Record<string, string>): Promise<{code: number | null; stdout: string; stderr: string}> {
  const child = spawn(process.execPath, [path.join(REPO, 'node_modules/tsx/dist/cli.mjs'), 'scripts/insights/cli.ts', ...args], {
    cwd: REPO,
    env: {...process.env, BUILD_DIR: FIXTURE_SITE_BUILD_ROOT, ...env},
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({code, stdout, stderr})));
}

beforeAll(async () => {
  databaseUrl = await createDatabase(serverUrl);
  db = await openInsightsDatabase({databaseUrl, dataDir: ''});
  await migrate(db);
  const today = dayOf(Date.now());
  await db
    .insertInto('insights_reads')
    .values({day: today, page: PAGE.path, version: 'current', section: '', audiences: '', reads: 7})
    .execute();
  await db
    .insertInto('insights_searches')
    .values({
      day: today,
      version: 'current',
      section: '',
      audiences: 'staff',
      query: '=cmd|calc',
      searches: 3,
      no_results: 3,
      nothing_opened: 0,
      opened: 0,
      rank_total: 0,
    })
    .execute();
  await db
    .insertInto('insights_feedback')
    .values({
      reader: 'digest',
      page: PAGE.path,
      version: 'current',
      section: '',
      audiences: '',
      helpful: false,
      comment: 'Where, "exactly", is step 3?',
      contact: null,
      day: today,
    })
    .execute();
  dir = mkdtempSync(path.join(tmpdir(), 'insights-cli-'));
});

afterAll(async () => {
  await db?.destroy();
  if (dir) rmSync(dir, {recursive: true, force: true});
});

describe('npm run insights', () => {
  it('prints every list with the pages’ titles, and writes the same lists as CSV files a spreadsheet reads as text', async () => {
    const csv = path.join(dir, 'csv');
    const {code, stdout} = await insightsCli(['--days', '7', '--csv', csv], {DATABASE_URL: databaseUrl});
    expect(code).toBe(0);
    expect(stdout).toContain('7 reads, 3 searches, 0 "yes" and 1 "no"');
    expect(stdout).toMatch(new RegExp(`${PAGE.path}\\s+${PAGE.title}\\s+7\\s+0\\s+1`));
    expect(readdirSync(csv).sort()).toEqual(
      ['comments', 'no-results', 'nothing-opened', 'top-pages', 'top-searches', 'unhelpful-pages'].map((name) => `${name}.csv`),
    );
    const comments = parse(readFileSync(path.join(csv, 'comments.csv'), 'utf8'), {columns: true}) as Record<string, string>[];
    expect(comments).toEqual([expect.objectContaining({page: PAGE.path, helpful: 'no', comment: 'Where, "exactly", is step 3?'})]);
    const noResults = parse(readFileSync(path.join(csv, 'no-results.csv'), 'utf8'), {columns: true}) as Record<string, string>[];
    expect(noResults.map((row) => row.query)).toEqual(["'=cmd|calc"]);
  });

  it('refuses a period /insights does not offer, with its usage', async () => {
    const {code, stderr} = await insightsCli(['--days', '5'], {DATABASE_URL: databaseUrl});
    expect(code).toBe(2);
    expect(stderr).toContain('--days must be one of 7, 30, 90');
    expect(stderr).toContain('Usage: npm run insights');
  });

  it('does not open the embedded database while a gate holds it, and opens it once the gate has let go', async () => {
    const dataDir = path.join(dir, 'embedded');
    mkdirSync(dataDir);
    const release = await holdEmbedded(dataDir);
    const held = await insightsCli([], {DATABASE_URL: '', INSIGHTS_DATA_DIR: dataDir});
    expect(held.code).toBe(1);
    expect(held.stderr).toContain(`The gate (process ${process.pid}) is using the embedded database in ${dataDir}`);
    await release();
    const free = await insightsCli([], {DATABASE_URL: '', INSIGHTS_DATA_DIR: dataDir});
    expect(free.code).toBe(0);
    expect(free.stdout).toContain('0 reads, 0 searches');
  });
});
