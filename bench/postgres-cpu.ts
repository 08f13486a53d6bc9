/**
 * The CPU time a PostgreSQL cluster has used, from Linux's /proc: its postmaster's own and that
 * of the children it has reaped (cutime, cstime), plus each live child's (the backends serving
 * connections, the WAL writer, the checkpointer, autovacuum). Only meaningful for a cluster the
 * bench started for itself: on a shared server it would count others' work.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** A reader of the cluster's CPU seconds so far, found through a connection to `url` (its backend's parent is the postmaster). */
export async function clusterCpuMeter(url: string): Promise<() => number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let postmaster: number;
  try {
    const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    // Read while connected: the backend ends with its connection.
    postmaster = statFields(backend)![1]!;
  } finally {
    await client.end();
  }
  return () => {
    const own = statFields(postmaster);
    if (!own) throw new Error(`the postmaster ${postmaster} is gone`);
    let ticks = own[11]! + own[12]! + own[13]! + own[14]!;
    for (const child of childrenOf(postmaster)) {
      const fields = statFields(child);
      // A child that ended since the listing is counted in the postmaster's cutime once reaped.
      if (fields) ticks += fields[11]! + fields[12]!;
    }
    return ticks / TICKS_PER_SECOND;
  };
}

/**
 * The numeric fields after the command in /proc/<pid>/stat, from the state on (state is 0, the
 * parent 1, utime 11, stime 12, cutime 13, cstime 14); undefined once the process is gone.
 */
function statFields(pid: number): number[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  return stat
    .slice(stat.lastIndexOf(') ') + 2)
    .split(' ')
    .map(Number);
}

function childrenOf(pid: number): number[] {
  const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return listed === '' ? [] : listed.split(' ').map(Number);
}
