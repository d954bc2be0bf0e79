/**
 * Where insights are kept: PostgreSQL at DATABASE_URL, which every gate instance shares, or on a demo
 * project without one, PGlite (PostgreSQL compiled to WebAssembly) in a folder, so that `npm start` needs
 * nothing installed. Queries go through Kysely, typed by the tables below; its migrator brings the
 * tables up to date at start, under its own lock, so that gates starting together migrate once.
 */
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {Kysely, PGliteDialect, PostgresDialect, sql} from 'kysely';
import {Migrator, type Migration} from 'kysely/migration';
import pg from 'pg';
import {insightsMigrations} from '../migrations/insights';

/** Counts of page reads: per day, page and the readers' audiences (never who read). */
export interface ReadsTable {
  day: string;
  page: string;
  version: string;
  section: string;
  /** The readers' audiences, sorted and joined with `+` ('' for none): server/rules/insights.ts, audiencesKey. */
  audiences: string;
  reads: number;
}

/** Counts of finished searches: per day, place, audiences and words. */
export interface SearchesTable {
  day: string;
  version: string;
  section: string;
  audiences: string;
  query: string;
  searches: number;
  no_results: number;
  nothing_opened: number;
  /** Searches of which a result was opened, and the sum of their ranks (their mean is the report's). */
  opened: number;
  rank_total: number;
}

/** One answer per reader and page, changed in place: `reader` is a digest of the account, never its address. */
export interface FeedbackTable {
  reader: string;
  page: string;
  version: string;
  section: string;
  audiences: string;
  helpful: boolean;
  comment: string;
  /** The reader's address, only when they ticked "You may contact me". */
  contact: string | null;
  day: string;
}

/** Reports not kept, per day and reason, so that a report says where it has gaps. */
export interface DroppedTable {
  day: string;
  reason: string;
  events: number;
}

export interface InsightsTables {
  insights_reads: ReadsTable;
  insights_searches: SearchesTable;
  insights_feedback: FeedbackTable;
  insights_dropped: DroppedTable;
}

export type InsightsDb = Kysely<InsightsTables>;

export interface DatabaseSettings {
  /** PostgreSQL's address, or null for the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
}

/** Longest time one statement may run: a slow database drops reports, it never holds the gate. */
export const STATEMENT_TIMEOUT_MS = 5000;

/** Opens the database (nothing is asked of it yet). */
export async function openInsightsDatabase({databaseUrl, dataDir}: DatabaseSettings): Promise<InsightsDb> {
  if (databaseUrl !== null) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 4,
      connectionTimeoutMillis: STATEMENT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    // A connection that breaks while idle is dropped by the pool; what was using one is told by its query.
    pool.on('error', () => undefined);
    return new Kysely<InsightsTables>({dialect: new PostgresDialect({pool})});
  }
  await mkdir(dataDir, {recursive: true});
  // Loaded only here: the WebAssembly build is large, and a gate with a database URL never needs it.
  const {PGlite} = await import('@electric-sql/pglite');
  return new Kysely<InsightsTables>({dialect: new PGliteDialect({pglite: new PGlite(dataDir)})});
}

/** Brings the tables up to date; throws with the migration that failed. */
export async function migrate(db: InsightsDb): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {getMigrations: async (): Promise<Record<string, Migration>> => insightsMigrations},
    migrationTableName: 'insights_migrations',
    migrationLockTableName: 'insights_migrations_lock',
  });
  const {error, results} = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Insights migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Whether the database answers now. */
export async function ping(db: InsightsDb): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * PGlite is one process's: the gate marks the folder it uses with its process id while it runs, so that
 * `npm run insights` does not open it beside the gate.
 */
const HOLDER_FILE = 'gate.pid';

export async function holdEmbedded(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, HOLDER_FILE);
  await writeFile(file, String(process.pid));
  return () => rm(file, {force: true});
}

/** The running process that holds the folder, or null. */
export async function embeddedHolder(dataDir: string): Promise<number | null> {
  const pid = Number(await readFile(path.join(dataDir, HOLDER_FILE), 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
