import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks per second of /proc's CPU times. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user and system, all threads) a process has used so far; 0 once it is gone. Linux only. */
export function cpuSecondsOf(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command name, in parentheses, may hold spaces: the fields are counted after it (utime and stime are the 14th and 15th).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** CPU seconds of each process of this name (`postgres`: the server and all its backends) alive now, by pid. */
export function cpuSecondsByPid(command: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) {
        seconds.set(Number(entry), cpuSecondsOf(Number(entry)));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

/**
 * CPU seconds the processes of `after` used since `before`: a process that started meanwhile counts whole, one
 * that ended meanwhile is not seen (a PostgreSQL backend lives as long as its pooled connection).
 */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) {
    total += seconds - (before.get(pid) ?? 0);
  }
  return total;
}

/** CPU seconds all processes spent on every core (anything but idle), and when it was read. */
export function machineCpu(): { busySeconds: number; atSeconds: number } {
  const busyMs = cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
  return { busySeconds: busyMs / 1000, atSeconds: performance.now() / 1000 };
}
