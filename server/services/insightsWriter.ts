/**
 * Writes counted reports to the database in batches: each report adds to a count in memory, and the counts
 * go in one transaction, added to the rows already there: FLUSH_MS after a report the browser waits for,
 * COUNT_FLUSH_MS after counts nobody waits for (the pages the gate served, reports dropped), whichever comes
 * first. A report the browser sent is acknowledged only once its batch is committed (`add` resolves true), so
 * nothing acknowledged is lost;
 * a batch the database refused or did not answer in time is dropped, counted by reason, and never tried
 * again. Memory is bounded: past MAX_PENDING_ROWS rows waiting, new reports are dropped and counted. A
 * gate that stops writes what it holds (`close`).
 */
import {sql} from 'kysely';
import type {FastifyBaseLogger} from 'fastify';
import type {DroppedTable, InsightsDb, ReadsTable, SearchesTable} from './insightsDatabase';
import type {Clock, Timer} from './clock';
import {dayOf} from '../rules/insights';

/** How long counts wait in memory before they are written together, when a reader's beacon waits for its answer. */
export const FLUSH_MS = 250;
/**
 * How long they wait when nobody does: the gate's own counts of the pages it serves. With every page of a site
 * read in turn, each batch holds a row per page; fewer, larger batches cost the gate and the database less.
 */
export const COUNT_FLUSH_MS = 2000;
/** Rows waiting at most, per table: a database that does not keep up costs the gate no more memory than this. */
export const MAX_PENDING_ROWS = 5000;

export type DropReason = 'database' | 'backlog' | 'rate' | 'day-limit' | 'unknown-page';

type Counts<T> = Map<string, T>;

interface Batch {
  reads: Counts<ReadsTable>;
  searches: Counts<SearchesTable>;
  dropped: Counts<DroppedTable>;
  /** Resolved with whether the batch was committed. */
  waiters: ((committed: boolean) => void)[];
  /** Reports in the batch (reads and searches), counted as dropped if it is. */
  events: number;
}

const newBatch = (): Batch => ({reads: new Map(), searches: new Map(), dropped: new Map(), waiters: [], events: 0});

const readKey = (row: ReadsTable) => `${row.day}\0${row.page}\0${row.audiences}`;

function addRead(batch: Batch, row: ReadsTable): void {
  const kept = batch.reads.get(readKey(row));
  if (kept) kept.reads += row.reads;
  else batch.reads.set(readKey(row), {...row});
}
const searchKey = (row: SearchesTable) => `${row.day}\0${row.version}\0${row.section}\0${row.audiences}\0${row.query}`;

export class InsightsWriter {
  private batch = newBatch();
  private timer: Timer | null = null;
  /** When the timer writes the batch (clock ms). */
  private due = 0;
  private writing: Promise<void> = Promise.resolve();
  /** Whether the last batch failed: its cause is logged once, and the recovery once. */
  private failing = false;
  private closed = false;

  constructor(
    /** The database once it is ready (migrated); null until then, when batches are dropped. */
    private readonly database: () => InsightsDb | null,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  /** Adds page reads; resolves with whether they were committed. */
  addReads(rows: readonly ReadsTable[]): Promise<boolean> {
    return this.add(
      rows.length,
      (batch) => {
        for (const row of rows) addRead(batch, row);
      },
      (batch) => batch.reads.size + rows.length > MAX_PENDING_ROWS,
    );
  }

  /** Counts a page read the gate served: nobody waits for its commit, so nothing is kept to tell them. */
  countRead(row: ReadsTable): void {
    this.take(
      1,
      (batch) => addRead(batch, row),
      (batch) => batch.reads.size >= MAX_PENDING_ROWS,
      COUNT_FLUSH_MS,
    );
  }

  /** Adds one finished search; resolves with whether it was committed. */
  addSearch(row: SearchesTable): Promise<boolean> {
    return this.add(
      1,
      (batch) => {
        const kept = batch.searches.get(searchKey(row));
        if (!kept) return void batch.searches.set(searchKey(row), {...row});
        kept.searches += row.searches;
        kept.no_results += row.no_results;
        kept.nothing_opened += row.nothing_opened;
        kept.opened += row.opened;
        kept.rank_total += row.rank_total;
      },
      (batch) => batch.searches.size >= MAX_PENDING_ROWS,
    );
  }

  /** Counts reports not kept, written with the next batch that is. */
  drop(day: string, reason: DropReason, events: number): void {
    if (events <= 0) return;
    const key = `${day}\0${reason}`;
    const kept = this.batch.dropped.get(key);
    if (kept) kept.events += events;
    else this.batch.dropped.set(key, {day, reason, events});
    // While the database fails, the counts wait for the next reports' batch: no batch of counts alone is tried again and again.
    if (!this.failing) this.schedule(COUNT_FLUSH_MS);
  }

  /** Writes what is held now, and waits for it. */
  async flush(): Promise<void> {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const batch = this.batch;
    this.batch = newBatch();
    // One batch at a time, in order: a slow database is not asked twice at once.
    this.writing = this.writing.then(() => this.write(batch));
    await this.writing;
  }

  /** Writes what is held, and takes no more. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /** Takes reports into the batch, and resolves with whether the batch was committed. */
  private add(events: number, into: (batch: Batch) => void, full: (batch: Batch) => boolean): Promise<boolean> {
    if (!this.take(events, into, full, FLUSH_MS)) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => this.batch.waiters.push(resolve));
  }

  /** Takes reports into the batch; false when it is full or the writer closed (they are counted as dropped). */
  private take(events: number, into: (batch: Batch) => void, full: (batch: Batch) => boolean, within: number): boolean {
    if (this.closed || full(this.batch)) {
      this.drop(this.today(), 'backlog', events);
      return false;
    }
    into(this.batch);
    this.batch.events += events;
    this.schedule(within);
    return true;
  }

  private today(): string {
    return dayOf(this.clock.now());
  }

  /** Writes the batch within `ms` from now: sooner than planned when a reader waits for it. */
  private schedule(ms: number): void {
    if (this.closed) return;
    const due = this.clock.now() + ms;
    if (this.timer) {
      if (this.due <= due) return;
      this.clock.clearTimeout(this.timer);
    }
    this.due = due;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  private async write(batch: Batch): Promise<void> {
    if (batch.reads.size + batch.searches.size + batch.dropped.size === 0) return;
    const db = this.database();
    try {
      if (db === null) throw new Error('the insights database is not ready (its migrations have not run yet)');
      await db.transaction().execute(async (tx) => {
        if (batch.reads.size > 0) {
          await tx
            .insertInto('insights_reads')
            .values([...batch.reads.values()])
            .onConflict((conflict) =>
              conflict.columns(['day', 'page', 'audiences']).doUpdateSet({reads: sql`insights_reads.reads + excluded.reads`}),
            )
            .execute();
        }
        if (batch.searches.size > 0) {
          await tx
            .insertInto('insights_searches')
            .values([...batch.searches.values()])
            .onConflict((conflict) =>
              conflict.columns(['day', 'version', 'section', 'audiences', 'query']).doUpdateSet({
                searches: sql`insights_searches.searches + excluded.searches`,
                no_results: sql`insights_searches.no_results + excluded.no_results`,
                nothing_opened: sql`insights_searches.nothing_opened + excluded.nothing_opened`,
                opened: sql`insights_searches.opened + excluded.opened`,
                rank_total: sql`insights_searches.rank_total + excluded.rank_total`,
              }),
            )
            .execute();
        }
        if (batch.dropped.size > 0) {
          await tx
            .insertInto('insights_dropped')
            .values([...batch.dropped.values()])
            .onConflict((conflict) =>
              conflict.columns(['day', 'reason']).doUpdateSet({events: sql`insights_dropped.events + excluded.events`}),
            )
            .execute();
        }
      });
      if (this.failing) this.log.info({event: 'insights-recovered'}, 'The insights database answers again: reports are kept');
      this.failing = false;
      for (const resolve of batch.waiters) resolve(true);
    } catch (error) {
      // Never tried again: what it held is counted, and written with a later batch that is kept.
      if (!this.failing) {
        this.log.warn(
          {event: 'insights-dropped', err: error, events: batch.events},
          'Reports for insights were dropped: the database did not take them (counted; reports go on being dropped, and counted, until it does)',
        );
      }
      this.failing = true;
      for (const resolve of batch.waiters) resolve(false);
      for (const lost of batch.dropped.values()) this.drop(lost.day, lost.reason as DropReason, lost.events);
      this.drop(this.today(), 'database', batch.events);
    }
  }
}
