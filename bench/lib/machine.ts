/** What the numbers were measured on: every result file carries it. */
import {execFileSync} from 'node:child_process';
import os from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
  /** 1, 5 and 15 minute load averages when the benchmark started: high values mean contended timings. */
  loadAverageAtStart: number[];
  /** The commit measured, "+changes" when the work tree differed from it (the copies take the work tree). */
  revision: string;
}

function revision(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, {cwd: __dirname, encoding: 'utf8'}).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
    revision: revision(),
  };
}

export function machineLine(machine: Machine): string {
  return `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, load ${machine.loadAverageAtStart.join(' / ')}, ${machine.revision}`;
}
