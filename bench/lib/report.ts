/**
 * The one reporter: a benchmark returns its tables, notes, goals and raw figures; this prints them and
 * writes them, with the machine, to bench/results/<name>.json.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {REPO} from '../../testkit/siteCopy';

export type Cell = string | number | boolean | null;
/** A table's row: its columns are the keys, in the order the first rows name them. */
export type Row = Readonly<Record<string, Cell>>;
type Goal = {goal: string; measured: Cell; met: boolean};
export type Result = {tables: {title: string; rows: readonly Row[]}[]; notes?: string[]; goals?: Goal[]; raw: unknown};

export const goal = (text: string, measured: Cell, met: boolean): Goal => ({goal: text, measured, met});

function revision(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, {cwd: __dirname, encoding: 'utf8'}).trim();
    // The copies take the work tree: "+changes" says it differed from the commit.
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** What the numbers are measured on; a high load average at the start means contended timings. */
export function describeMachine() {
  const cpus = os.cpus();
  const machine = {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
    revision: revision(),
  };
  console.log(machine);
  return machine;
}

function print(title: string, rows: readonly Row[]): void {
  const header = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const text = rows.map((row) => header.map((column) => String(row[column] ?? '—')));
  const widths = header.map((name, column) => Math.max(name.length, ...text.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${title}\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}`);
  for (const row of text) console.log(line(row));
}

/** Prints the tables, the notes and the goals, then writes them with the raw figures. */
export function report(name: string, result: Result, machine: ReturnType<typeof describeMachine>, startedAt: Date): void {
  for (const {title, rows} of result.tables) print(title, rows);
  for (const note of result.notes ?? []) console.log(`  ${note}`);
  const goals = result.goals ?? [];
  const goalRows = goals.map((g) => ({Goal: g.goal, Measured: g.measured, Met: g.met ? 'yes' : 'NOT met'}));
  if (goalRows.length > 0) print(`Goals (${name})`, goalRows);
  const file = path.join(REPO, 'bench/results', `${name}.json`);
  const durationSeconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, `${JSON.stringify({benchmark: name, startedAt, durationSeconds, machine, ...result, goals}, null, 2)}\n`);
  console.log(`\n  → ${path.relative(REPO, file)} (${durationSeconds} s)`);
}
