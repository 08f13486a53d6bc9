import type pg from 'pg';

/**
 * Lock waits on a PostgreSQL database, sampled from `pg_stat_activity` while writes run: which
 * statements waited, on what (the lock's type, and the relation where PostgreSQL names one) and
 * behind which statement. A row lock is waited for as the holder's transaction id; the waiter
 * holds (or queues for) the row's tuple lock meanwhile, which names the table.
 */

/** How often the sampler looks. */
export const SAMPLE_EVERY_MS = 10;

/**
 * Statements an instance sends of its own accord, apart from any submit: compactions of the
 * pending shares (storage/shared/pending-totals.ts), which wait on each other by design, and the
 * notice sent after writes have committed (storage/events/announcer.ts), which takes
 * NOTIFY's commit lock with no write waiting on it.
 */
const NOT_A_SUBMIT: readonly { name: string; statement: RegExp }[] = [
  { name: 'compaction', statement: /^WITH moved AS \(DELETE FROM \w+_pending/ },
  { name: 'notice after commit', statement: /^SELECT pg_notify\(/i },
];

/** Detail is read once in this many samples that find a wait: pg_locks and pg_blocking_pids cost the server more. */
const DETAIL_EVERY = 10;

/** What the samples of one run saw. */
export interface LockWaitTally {
  samples: number;
  /** Milliseconds the samples spanned, for the interval actually achieved. */
  spanMs: number;
  /** Samples in which at least one submit's statement waited on a lock. */
  withSubmitWaiting: number;
  /** Samples in which a statement no submit sends waited, by its kind (NOT_A_SUBMIT). */
  withOthersWaiting: Map<string, number>;
  /** Waiting backends seen, by `statement · wait event`. */
  waits: Map<string, number>;
  /** Of the samples read in detail, waiting backends by `statement · lock · behind statement`. */
  details: Map<string, number>;
  /** The other busy backends seen, by what they did (`running`, `LWLock: WALWrite`, `idle in transaction`…): where else the time goes. */
  otherWaits: Map<string, number>;
}

export function emptyTally(): LockWaitTally {
  return { samples: 0, spanMs: 0, withSubmitWaiting: 0, withOthersWaiting: new Map(), waits: new Map(), details: new Map(), otherWaits: new Map() };
}

export function addTally(into: LockWaitTally, from: LockWaitTally): void {
  into.samples += from.samples;
  into.spanMs += from.spanMs;
  into.withSubmitWaiting += from.withSubmitWaiting;
  for (const [what, count] of from.withOthersWaiting) into.withOthersWaiting.set(what, (into.withOthersWaiting.get(what) ?? 0) + count);
  for (const [what, count] of from.waits) into.waits.set(what, (into.waits.get(what) ?? 0) + count);
  for (const [what, count] of from.details) into.details.set(what, (into.details.get(what) ?? 0) + count);
  for (const [what, count] of from.otherWaits) into.otherWaits.set(what, (into.otherWaits.get(what) ?? 0) + count);
}

/** The samples in which statements no submit sends waited, as `count × kind`. */
export function describeOthersWaiting(tally: LockWaitTally): string {
  return tally.withOthersWaiting.size === 0 ? 'none' : mostSeen(tally.withOthersWaiting, NOT_A_SUBMIT.length);
}

/** What the other busy backends did, as `count × what`, most seen first. */
export function describeOtherWaits(tally: LockWaitTally, most = 4): string {
  return tally.otherWaits.size === 0 ? 'none' : mostSeen(tally.otherWaits, most);
}

/** The waits as `count × what`, most seen first, then the detail of the samples read in detail. */
export function describeWaits(tally: LockWaitTally, most = 4): string {
  if (tally.waits.size === 0) return 'no backend seen waiting on a lock';
  return `waiting backends seen: ${mostSeen(tally.waits, most)}; in 1 of ${DETAIL_EVERY} such samples, what they waited on: ${mostSeen(tally.details, most)}`;
}

function mostSeen(counts: ReadonlyMap<string, number>, most: number): string {
  const sorted = [...counts].sort(([, a], [, b]) => b - a);
  const shown = sorted.slice(0, most).map(([what, count]) => `${count} × ${what}`);
  if (sorted.length > most) shown.push(`${sorted.length - most} more kinds`);
  return shown.join('; ');
}

/**
 * Samples `client`'s database every SAMPLE_EVERY_MS until the returned function is called,
 * which resolves to the tally. The detail of a wait (its locks, who blocks it) is read only in
 * some of the samples that find one: pg_locks and pg_blocking_pids take every lock-manager
 * partition briefly, and cost the server more than a look at pg_stat_activity.
 */
export function sampleLockWaits(client: pg.Client): () => Promise<LockWaitTally> {
  const tally = emptyTally();
  let stopping = false;
  let waitingSamples = 0;
  const start = performance.now();
  const loop = (async () => {
    while (!stopping) {
      const began = performance.now();
      const waiting = await sampleOnce(client, tally);
      if (waiting.length > 0 && waitingSamples++ % DETAIL_EVERY === 0) await readDetail(client, waiting, tally);
      const rest = SAMPLE_EVERY_MS - (performance.now() - began);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  })();
  return async () => {
    stopping = true;
    await loop;
    tally.spanMs = performance.now() - start;
    return tally;
  };
}

interface Waiting {
  pid: number;
  statement: string;
  wait_event_type: string | null;
  wait_event: string | null;
}

interface Detail {
  pid: number;
  locks: string | null;
  blocker: string | null;
}

/**
 * One look at pg_stat_activity: the backends waiting on a lock now, and apart, what the other
 * busy ones do (running, waiting on a lightweight lock or I/O, or idle in a transaction while
 * their instance works).
 */
async function sampleOnce(client: pg.Client, tally: LockWaitTally): Promise<Waiting[]> {
  tally.samples++;
  const { rows } = await client.query<Waiting & { state: string }>(
    `SELECT pid, left(regexp_replace(query, '\\s+', ' ', 'g'), 200) AS statement, wait_event_type, wait_event
     FROM pg_stat_activity
     WHERE state IN ('active', 'idle in transaction') AND datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const waiting: Waiting[] = [];
  let submitWaiting = false;
  const othersWaiting = new Set<string>();
  for (const row of rows) {
    if (row.wait_event_type !== 'Lock') {
      const what = row.state === 'idle in transaction' ? 'idle in transaction' : row.wait_event_type === null ? 'running' : `${row.wait_event_type}: ${row.wait_event}`;
      tally.otherWaits.set(what, (tally.otherWaits.get(what) ?? 0) + 1);
      continue;
    }
    waiting.push(row);
    const other = NOT_A_SUBMIT.find((kind) => kind.statement.test(row.statement));
    if (other) othersWaiting.add(other.name);
    else submitWaiting = true;
    const what = `\`${shortened(row.statement)}\` waiting (${row.wait_event})`;
    tally.waits.set(what, (tally.waits.get(what) ?? 0) + 1);
  }
  if (submitWaiting) tally.withSubmitWaiting++;
  for (const name of othersWaiting) tally.withOthersWaiting.set(name, (tally.withOthersWaiting.get(name) ?? 0) + 1);
  return waiting;
}

/**
 * The locks `waiting` wait on or hold as a row's tuple lock (an object lock named by its
 * catalog and id: NOTIFY's commit lock is pg_database 0), and a statement of a backend blocking each.
 */
async function readDetail(client: pg.Client, waiting: readonly Waiting[], tally: LockWaitTally): Promise<void> {
  const { rows: details } = await client.query<Detail>(
    `SELECT w.pid,
       (SELECT string_agg(DISTINCT l.locktype || CASE
            WHEN l.relation IS NOT NULL THEN ' on ' || l.relation::regclass::text
            WHEN l.locktype = 'object' THEN ' on ' || l.classid::regclass::text || ' ' || l.objid || CASE WHEN l.classid = 'pg_database'::regclass AND l.objid = 0 THEN ' (NOTIFY at commit)' ELSE '' END
            ELSE '' END, ', ')
          FROM pg_locks l WHERE l.pid = w.pid AND (NOT l.granted OR l.locktype = 'tuple')) AS locks,
       (SELECT left(regexp_replace(b.query, '\\s+', ' ', 'g'), 200) FROM pg_stat_activity b
          WHERE b.pid = ANY (pg_blocking_pids(w.pid)) LIMIT 1) AS blocker
     FROM unnest($1::int[]) AS w(pid)`,
    [waiting.map((row) => row.pid)],
  );
  const detailOf = new Map(details.map((detail) => [detail.pid, detail]));
  for (const row of waiting) {
    const detail = detailOf.get(row.pid);
    const behind = detail?.blocker ? `\`${shortened(detail.blocker)}\`` : 'a transaction gone by the second look';
    const what = `\`${shortened(row.statement)}\` waiting on ${detail?.locks ?? row.wait_event} behind ${behind}`;
    tally.details.set(what, (tally.details.get(what) ?? 0) + 1);
  }
}

/** A statement's head, enough to tell which it is. */
function shortened(statement: string): string {
  return statement.length <= 60 ? statement : `${statement.slice(0, 60)}…`;
}
