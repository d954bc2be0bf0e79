/** Tables on the console and JSON in bench/results/<name>.json, with the machine they came from. */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describeMachine, machineLine, type Machine} from './machine';
import {REPO} from '../../testkit/siteCopy';

export const RESULTS_DIR = path.join(REPO, 'bench/results');

export type Cell = string | number | boolean | null;

export function printTable(title: string, header: readonly string[], rows: readonly (readonly Cell[])[]): void {
  const text = rows.map((row) => row.map((cell) => (cell === null ? '—' : String(cell))));
  const widths = header.map((name, column) => Math.max(name.length, ...text.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n${title}\n${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}`);
  for (const row of text) console.log(line(row));
}

/** A goal's column in a table. */
export function goalCell(met: boolean): string {
  return met ? 'met' : 'NOT met';
}

export function note(message: string): void {
  console.log(`  ${message}`);
}

/** Starts a benchmark's report: the machine is described as it was before the benchmark ran. */
export class Report {
  readonly machine: Machine = describeMachine();
  private readonly started = performance.now();
  private readonly startedAt = new Date().toISOString();

  constructor(readonly name: string) {
    console.log(`\n=== ${name} (${machineLine(this.machine)})`);
  }

  write(results: Record<string, unknown>): void {
    mkdirSync(RESULTS_DIR, {recursive: true});
    const file = path.join(RESULTS_DIR, `${this.name}.json`);
    const body = {
      benchmark: this.name,
      startedAt: this.startedAt,
      durationSeconds: Math.round((performance.now() - this.started) / 1000),
      machine: this.machine,
      ...results,
    };
    writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
    console.log(`\n  → ${path.relative(REPO, file)} (${body.durationSeconds} s)`);
  }
}
