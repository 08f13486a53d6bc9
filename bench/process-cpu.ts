import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of processes this bench did not spawn itself (a PostgreSQL server's backends), and
 * of the whole machine, from Linux's /proc: what a case needs to say which process a
 * throughput was limited by.
 */

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  ppid: number;
  /** User and system time of the process itself, in seconds. */
  own: number;
  /** User and system time of its children it has waited for (exited backends), in seconds. */
  reaped: number;
}

/** /proc/<pid>/stat, or undefined when the process has gone. */
function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command's closing parenthesis, counted from state (field 3 in proc(5)).
  const fields = text
    .slice(text.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { ppid: fields[1]!, own: (fields[11]! + fields[12]!) / TICKS_PER_SECOND, reaped: (fields[13]! + fields[14]!) / TICKS_PER_SECOND };
}

/** CPU seconds of each process under `parent` (its direct children), and of `parent` with its reaped children. */
export interface TreeCpu {
  parent: number;
  children: ReadonlyMap<number, number>;
}

export function treeCpu(parent: number): TreeCpu {
  const children = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = procStat(pid);
    if (stat?.ppid === parent) children.set(pid, stat.own);
  }
  const own = procStat(parent);
  return { parent: own === undefined ? 0 : own.own + own.reaped, children };
}

/**
 * CPU seconds each child used between two looks, and what the rest used: the parent itself and
 * the children that exited meanwhile (counted by the parent once reaped, less what they had
 * used before the first look).
 */
export function treeCpuSpent(before: TreeCpu, after: TreeCpu): { byChild: Map<number, number>; rest: number } {
  const byChild = new Map<number, number>();
  for (const [pid, seconds] of after.children) byChild.set(pid, seconds - (before.children.get(pid) ?? 0));
  let rest = after.parent - before.parent;
  for (const [pid, seconds] of before.children) if (!after.children.has(pid)) rest -= seconds;
  return { byChild, rest: Math.max(0, rest) };
}

/** The machine's busy, I/O-waiting and total CPU time so far, in seconds summed over its cores. */
export function machineCpu(): { busy: number; ioWait: number; total: number } {
  // cpu user nice system idle iowait irq softirq steal
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / TICKS_PER_SECOND, ioWait: iowait! / TICKS_PER_SECOND, total: (busy + idle! + iowait!) / TICKS_PER_SECOND };
}
