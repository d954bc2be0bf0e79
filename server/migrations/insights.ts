/**
 * The insights tables, one migration per change, by name in the order they run (Kysely's migrator keeps
 * which ran in `insights_migrations`). A migration that shipped is never edited: a change is a new one.
 */
import type {Kysely} from 'kysely';
import type {Migration} from 'kysely/migration';

/** Migrations see the database as it was then, not as the tables' types say it is now. */
type Db = Kysely<unknown>;

const initial: Migration = {
  async up(db: Db) {
    await db.schema
      .createTable('insights_reads')
      .addColumn('day', 'date', (column) => column.notNull())
      .addColumn('page', 'text', (column) => column.notNull())
      .addColumn('version', 'text', (column) => column.notNull())
      .addColumn('section', 'text', (column) => column.notNull())
      .addColumn('audiences', 'text', (column) => column.notNull())
      .addColumn('reads', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('insights_reads_key', ['day', 'page', 'audiences'])
      .execute();
    await db.schema.createIndex('insights_reads_by_version').on('insights_reads').columns(['version', 'day']).execute();

    await db.schema
      .createTable('insights_searches')
      .addColumn('day', 'date', (column) => column.notNull())
      .addColumn('version', 'text', (column) => column.notNull())
      .addColumn('section', 'text', (column) => column.notNull())
      .addColumn('audiences', 'text', (column) => column.notNull())
      .addColumn('query', 'text', (column) => column.notNull())
      .addColumn('searches', 'integer', (column) => column.notNull())
      .addColumn('no_results', 'integer', (column) => column.notNull())
      .addColumn('nothing_opened', 'integer', (column) => column.notNull())
      .addColumn('opened', 'integer', (column) => column.notNull())
      .addColumn('rank_total', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('insights_searches_key', ['day', 'version', 'section', 'audiences', 'query'])
      .execute();
    await db.schema.createIndex('insights_searches_by_version').on('insights_searches').columns(['version', 'day']).execute();

    await db.schema
      .createTable('insights_feedback')
      .addColumn('reader', 'text', (column) => column.notNull())
      .addColumn('page', 'text', (column) => column.notNull())
      .addColumn('version', 'text', (column) => column.notNull())
      .addColumn('section', 'text', (column) => column.notNull())
      .addColumn('audiences', 'text', (column) => column.notNull())
      .addColumn('helpful', 'boolean', (column) => column.notNull())
      .addColumn('comment', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('contact', 'text')
      .addColumn('day', 'date', (column) => column.notNull())
      .addPrimaryKeyConstraint('insights_feedback_key', ['reader', 'page'])
      .execute();
    await db.schema.createIndex('insights_feedback_by_version').on('insights_feedback').columns(['version', 'day']).execute();

    await db.schema
      .createTable('insights_dropped')
      .addColumn('day', 'date', (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('events', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('insights_dropped_key', ['day', 'reason'])
      .execute();
  },
  async down(db: Db) {
    for (const table of ['insights_dropped', 'insights_feedback', 'insights_searches', 'insights_reads']) {
      await db.schema.dropTable(table).execute();
    }
  },
};

/**
 * A page's reads by day without reading the whole period: the report's trends of its listed pages, and what
 * pages an authors' reader may not open take from the totals. It holds `reads`, so those are read from it alone.
 */
const readsByPage: Migration = {
  async up(db: Db) {
    await db.schema.createIndex('insights_reads_by_page').on('insights_reads').columns(['version', 'page', 'day', 'reads']).execute();
  },
  async down(db: Db) {
    await db.schema.dropIndex('insights_reads_by_page').execute();
  },
};

export const insightsMigrations: Record<string, Migration> = {'0001-insights': initial, '0002-reads-by-page': readsByPage};
