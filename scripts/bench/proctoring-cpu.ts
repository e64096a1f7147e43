/**
 * CPU the proctoring bench's server side used, for per-action costs that the machine's load does not
 * change (docs/capacity.md builds on them): the platform process itself (process.cpuUsage: the API, the
 * ingest, the projections, the ClickHouse copy, the fan-out) and the embedded PostgreSQL (every
 * `postgres` process descending from this one, read from /proc; other programs' databases on the same
 * machine are not counted). Linux only; elsewhere the database's share reads as null.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcessStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuMs: number;
}

function readStats(): ProcessStat[] {
  const stats: ProcessStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields after its ")" are fixed.
      const close = text.lastIndexOf(')');
      const comm = text.slice(text.indexOf('(') + 1, close);
      const fields = text.slice(close + 2).split(' ');
      // After the name: state ppid ... utime (14th field of the line) stime (15th).
      const ppid = Number(fields[1]);
      const ticks = Number(fields[11]) + Number(fields[12]);
      stats.push({ pid: Number(name), ppid, comm, cpuMs: (ticks * 1000) / TICKS_PER_SECOND });
    } catch {
      // The process ended while the list was read.
    }
  }
  return stats;
}

/** CPU milliseconds so far of each of this process's PostgreSQL processes; null where /proc is not there. */
export function postgresCpuMs(): Map<number, number> | null {
  let stats: ProcessStat[];
  try {
    stats = readStats();
  } catch {
    return null;
  }
  const parentOf = new Map(stats.map((s) => [s.pid, s.ppid]));
  const descends = (pid: number) => {
    for (let at = parentOf.get(pid), hops = 0; at !== undefined && hops < 10; at = parentOf.get(at), hops++) {
      if (at === process.pid) return true;
    }
    return false;
  };
  return new Map(
    stats.filter((s) => s.comm.startsWith('postgres') && descends(s.pid)).map((s) => [s.pid, s.cpuMs]),
  );
}

/**
 * CPU the database used between two readings: a process there both times counts its difference, a new
 * one all of its time; one that ended between them is missed (the platform's pools keep theirs open).
 */
export function postgresCpuBetween(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** CPU milliseconds of this process (all its threads) so far. */
export function platformCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
