import { readFileSync } from 'node:fs';

/**
 * Measures how much of the machine's CPU other processes used (steal time included) while
 * something ran: figures measured on a busy machine are low and should be read that way.
 * Linux only, from /proc; elsewhere the result is undefined.
 */
export function startContentionMeter(): () => number | undefined {
  const start = readTicks();
  return () => {
    const end = readTicks();
    if (!start || !end || end.total === start.total) return undefined;
    const others = end.busy - start.busy - (end.own - start.own);
    return Math.max(0, others / (end.total - start.total));
  };
}

/** Clock ticks, machine-wide and of this process with its reaped children (servers it started). */
function readTicks(): { total: number; busy: number; own: number } | undefined {
  try {
    // cpu user nice system idle iowait irq softirq steal
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const busy = user + nice + system + irq + softirq + steal;
    // proc(5) fields 14 to 17 (utime, stime, cutime, cstime), counted from field 3, after the command name.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const own = fields[11]! + fields[12]! + fields[13]! + fields[14]!;
    return { total: busy + idle + iowait, busy, own };
  } catch {
    return undefined;
  }
}
