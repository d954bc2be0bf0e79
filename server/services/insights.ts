/**
 * Insights for authors, the gate's part: the database (made ready in the background, so that a database
 * that is down or slow never holds the gate's start or its pages), the batched writer, what each reader
 * may add (per minute and per day), feedback answers, retention, and reports.
 */
import {createHash} from 'node:crypto';
import type {FastifyBaseLogger} from 'fastify';
import {LRUCache} from 'lru-cache';
import type {InsightsConfig} from '../config';
import type {FeedbackAnswer, InsightsReport} from '../../contracts/insights';
import {INSIGHTS_LIMITS} from '../../contracts/insights';
import {dayOf, daysBefore, takeDayAllowance, type DayCount} from '../rules/insights';
import type {Clock, Timer} from './clock';
import {holdEmbedded, migrate, openInsightsDatabase, type FeedbackTable, type InsightsDb} from './insightsDatabase';
import {insightsReport, type ReportScope} from './insightsReport';
import {InsightsWriter, type DropReason} from './insightsWriter';
import {RateLimiter} from './rateLimiter';

/** How long after a failed start the database is tried again. */
const RETRY_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often old rows are deleted. */
const RETENTION_MS = 60 * 60 * 1000;

/** What stands for a reader in their feedback: a digest of the account, which no address can be read back from. */
export function readerKey(uid: string): string {
  return createHash('sha256').update(`tutorial-hub insights\0${uid}`).digest('base64url');
}

export class Insights {
  readonly writer: InsightsWriter;
  private ready: InsightsDb | null = null;
  private readonly perMinute: RateLimiter;
  private readonly perDay = new LRUCache<string, DayCount>({max: 10_000});
  private timer: Timer | null = null;
  private closed = false;
  private readonly readiness: Promise<InsightsDb>;
  private day = {text: '', until: 0};
  private release: () => Promise<void> = async () => undefined;
  private becameReady!: (db: InsightsDb) => void;

  private constructor(
    private readonly db: InsightsDb,
    private readonly config: InsightsConfig,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {
    this.writer = new InsightsWriter(() => this.ready, log, clock);
    this.perMinute = new RateLimiter(INSIGHTS_LIMITS.reportsPerMinute, clock);
    this.readiness = new Promise((resolve) => (this.becameReady = resolve));
  }

  /** Opens the database and starts making it ready; resolves before it is, so the gate starts at once. */
  static async open(config: InsightsConfig, log: FastifyBaseLogger, clock: Clock): Promise<Insights> {
    const insights = new Insights(await openInsightsDatabase(config), config, log, clock);
    if (config.databaseUrl === null) insights.release = await holdEmbedded(config.dataDir);
    insights.start();
    return insights;
  }

  /** Resolves once the database is ready. */
  whenReady(): Promise<InsightsDb> {
    return this.readiness;
  }

  get isReady(): boolean {
    return this.ready !== null;
  }

  private start(): void {
    migrate(this.db).then(
      () => {
        if (this.closed) return;
        this.ready = this.db;
        this.becameReady(this.db);
        this.log.info(
          {event: 'insights-ready', database: this.config.databaseUrl === null ? `embedded, in ${this.config.dataDir}` : 'DATABASE_URL'},
          'Insights are kept',
        );
        void this.deleteOld();
      },
      (error: unknown) => {
        if (this.closed) return;
        this.log.error(
          {event: 'insights-unavailable', err: error, retryInMs: RETRY_MS},
          'The insights database could not be made ready: reports are dropped (and counted) until it is; trying again',
        );
        this.later(() => this.start(), RETRY_MS);
      },
    );
  }

  private later(run: () => void, ms: number): void {
    if (this.closed) return;
    this.timer = this.clock.setTimeout(run, ms);
    this.timer.unref();
  }

  /** Deletes rows older than the retention, now and every hour. */
  private async deleteOld(): Promise<void> {
    const before = daysBefore(dayOf(this.clock.now()), this.config.retentionDays - 1);
    try {
      await this.deleteBefore(before);
    } catch (error) {
      this.log.warn({event: 'insights-retention-failed', err: error}, 'Old insights could not be deleted; trying again within the hour');
    }
    this.later(() => void this.deleteOld(), RETENTION_MS);
  }

  /** Deletes every row of a day before `day`. */
  async deleteBefore(day: string): Promise<void> {
    const db = await this.whenReady();
    await db.transaction().execute(async (tx) => {
      for (const table of ['insights_reads', 'insights_searches', 'insights_feedback', 'insights_dropped'] as const) {
        await tx.deleteFrom(table).where('day', '<', day).execute();
      }
    });
  }

  /**
   * Whether a reader may add `events` reports now: within the minute's and the day's limits (per gate).
   * A report refused is counted as dropped.
   */
  admit(uid: string, events: number): boolean {
    const day = this.today();
    if (this.perMinute.take(uid) !== null) return this.refuse(day, 'rate', events);
    const {allowed, count} = takeDayAllowance(this.perDay.get(uid), day, events);
    this.perDay.set(uid, count);
    return allowed || this.refuse(day, 'day-limit', events);
  }

  /** Counts reports refused as dropped; false, for `admit`. */
  private refuse(day: string, reason: DropReason, events: number): false {
    this.writer.drop(day, reason, events);
    return false;
  }

  /** Today (UTC), as the rows are filed: worked out again only when the day turns, since every page load asks. */
  today(): string {
    const now = this.clock.now();
    if (now >= this.day.until || now < this.day.until - DAY_MS)
      this.day = {text: dayOf(now), until: (Math.floor(now / DAY_MS) + 1) * DAY_MS};
    return this.day.text;
  }

  /** Stores a reader's answer on a page (replacing their earlier one); throws when the database does not take it. */
  async answer(row: Omit<FeedbackTable, 'day'>): Promise<void> {
    const db = this.requireReady();
    await db
      .insertInto('insights_feedback')
      .values({...row, day: this.today()})
      .onConflict((conflict) =>
        conflict.columns(['reader', 'page']).doUpdateSet((update) => ({
          helpful: update.ref('excluded.helpful'),
          comment: update.ref('excluded.comment'),
          contact: update.ref('excluded.contact'),
          audiences: update.ref('excluded.audiences'),
          version: update.ref('excluded.version'),
          section: update.ref('excluded.section'),
          day: update.ref('excluded.day'),
        })),
      )
      .execute();
  }

  /** A reader's own answer on a page, or null. */
  async answerOf(reader: string, page: string): Promise<FeedbackAnswer | null> {
    const row = await this.requireReady()
      .selectFrom('insights_feedback')
      .select(['helpful', 'comment', 'contact'])
      .where('reader', '=', reader)
      .where('page', '=', page)
      .executeTakeFirst();
    return row ? {helpful: row.helpful, comment: row.comment, contact: row.contact !== null} : null;
  }

  report(scope: Omit<ReportScope, 'today'>): Promise<InsightsReport> {
    return insightsReport(this.requireReady(), {...scope, today: this.today()});
  }

  private requireReady(): InsightsDb {
    if (this.ready === null) throw new Error('The insights database is not ready');
    return this.ready;
  }

  /** Writes what is held, then closes the database. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    await this.writer.close();
    await this.db.destroy();
    await this.release();
  }
}
