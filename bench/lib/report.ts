/**
 * The one reporter: every benchmark prints its tables and goals through it, and it writes them with the
 * raw figures and the machine to bench/results/<name>.json.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {REPO} from '../../testkit/siteCopy';

const RESULTS_DIR = path.join(REPO, 'bench/results');

export type Cell = string | number | boolean | null;
/** A table's row: its columns are the keys, in the order the first rows name them. */
export type Row = Readonly<Record<string, Cell>>;

interface Goal {
  goal: string;
  measured: Cell;
  met: boolean;
}

function revision(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, {cwd: __dirname, encoding: 'utf8'}).trim();
    // The copies take the work tree: "+changes" says it differed from the commit.
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** What the numbers were measured on; a high load average at the start means contended timings. */
function describeMachine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
    revision: revision(),
  };
}

function print(title: string, rows: readonly Row[]): void {
  const header = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const text = rows.map((row) => header.map((column) => String(row[column] ?? '—')));
  const widths = header.map((name, column) => Math.max(name.length, ...text.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${title}\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}`);
  for (const row of text) console.log(line(row));
}

export class Report {
  private readonly machine = describeMachine();
  private readonly started = performance.now();
  private readonly startedAt = new Date().toISOString();
  private readonly tables: {title: string; rows: readonly Row[]}[] = [];
  private readonly goals: Goal[] = [];

  constructor(readonly name: string) {
    const m = this.machine;
    console.log(
      `\n=== ${name} (${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, load ${m.loadAverageAtStart.join(' / ')}, ${m.revision})`,
    );
  }

  note(message: string): void {
    console.log(`  ${message}`);
  }

  table(title: string, rows: readonly Row[]): void {
    this.tables.push({title, rows});
    print(title, rows);
  }

  goal(goal: string, measured: Cell, met: boolean): void {
    this.goals.push({goal, measured, met});
  }

  /** Prints the goals, then writes the tables, the goals and `raw` (every run's figures). */
  write(raw: unknown): void {
    if (this.goals.length > 0)
      print(
        `Goals (${this.name})`,
        this.goals.map(({goal, measured, met}) => ({Goal: goal, Measured: measured, Met: met ? 'yes' : 'NOT met'})),
      );
    mkdirSync(RESULTS_DIR, {recursive: true});
    const file = path.join(RESULTS_DIR, `${this.name}.json`);
    const durationSeconds = Math.round((performance.now() - this.started) / 1000);
    const body = {
      benchmark: this.name,
      startedAt: this.startedAt,
      durationSeconds,
      machine: this.machine,
      goals: this.goals,
      tables: this.tables,
      raw,
    };
    writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
    console.log(`\n  → ${path.relative(REPO, file)} (${durationSeconds} s)`);
  }
}
