/**
 * `npm run insights -- [--version current] [--section <path>] [--days 7|30|90] [--csv <folder>]`: the insights
 * of one version (and section) as /insights shows them, printed as tables, and with `--csv` written as one
 * CSV file a list. It reads the database the gate writes to (DATABASE_URL, or the embedded one in
 * INSIGHTS_DATA_DIR, which the gate must not be holding), with the titles of the build in BUILD_DIR. The
 * operator sees every page and search: the audiences' limits are the /insights page's.
 */
import {readFileSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {BUILD_ROOT, listBuildFiles, SITE_DIR} from '../../contracts/buildLayout';
import {INSIGHTS_PERIODS} from '../../contracts/insights';
import {buildFileFor} from '../../server/rules/requestPath';
import {dayOf, titleOfPage} from '../../server/rules/insights';
import {embeddedHolder, migrate, openInsightsDatabase} from '../../server/services/insightsDatabase';
import {insightsReport} from '../../server/services/insightsReport';
import {csvOf, tablesOf, textOf} from './tables';

const USAGE = 'Usage: npm run insights -- [--version current] [--section <path>] [--days 7|30|90] [--csv <folder>]';

async function main(): Promise<number> {
  let options;
  try {
    options = parseArgs({
      options: {
        version: {type: 'string', default: 'current'},
        section: {type: 'string'},
        days: {type: 'string', default: '30'},
        csv: {type: 'string'},
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const days = Number(options.days);
  if (!(INSIGHTS_PERIODS as readonly number[]).includes(days)) {
    console.error(`--days must be one of ${INSIGHTS_PERIODS.join(', ')}\n${USAGE}`);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  const dataDir = path.resolve(process.env.INSIGHTS_DATA_DIR || '.tutorial-hub-data/insights');
  if (databaseUrl === null) {
    const holder = await embeddedHolder(dataDir);
    if (holder !== null) {
      console.error(
        `The gate (process ${holder}) is using the embedded database in ${dataDir}: stop it first, or read /insights in the site.`,
      );
      return 1;
    }
  }
  const siteDir = path.resolve(process.env.BUILD_DIR || BUILD_ROOT, SITE_DIR);
  let files: Set<string>;
  try {
    files = new Set(listBuildFiles(siteDir));
  } catch {
    files = new Set();
  }
  const db = await openInsightsDatabase({databaseUrl, dataDir});
  try {
    await migrate(db);
    const report = await insightsReport(db, {
      version: options.version,
      section: options.section ?? null,
      days,
      today: dayOf(Date.now()),
      page: () => true,
      searchers: () => true,
      titles: async (paths) => {
        const titles = new Map<string, string>();
        for (const page of paths) {
          const file = buildFileFor(page, files);
          const title = file === null ? null : titleOfPage(readFileSync(path.join(siteDir, file), 'utf8'));
          if (title !== null) titles.set(page, title);
        }
        return titles;
      },
    });
    const sum = (trend: readonly number[]) => trend.reduce((total, count) => total + count, 0);
    console.log(
      `Insights of version ${report.version}${report.section === null ? '' : `, section ${report.section}`}, ${report.from} to ${report.to}: ` +
        `${sum(report.totals.reads)} reads, ${sum(report.totals.searches)} searches, ${report.totals.helpful} "yes" and ${report.totals.unhelpful} "no"` +
        (report.dropped > 0 ? `; ${report.dropped} reports dropped (limits, or the database did not answer)` : '') +
        '\n',
    );
    const tables = tablesOf(report);
    for (const table of tables) console.log(textOf(table));
    if (options.csv !== undefined) {
      const folder = path.resolve(options.csv);
      await mkdir(folder, {recursive: true});
      await Promise.all(tables.map((table) => writeFile(path.join(folder, `${table.name}.csv`), csvOf(table))));
      console.log(`Wrote ${tables.length} CSV files to ${folder}`);
    }
    return 0;
  } catch (error) {
    console.error(`Insights could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

// exitCode rather than exit(): lets stdout drain when it is a pipe.
void main().then((code) => {
  process.exitCode = code;
});
