/**
 * The id up to which PostgreSQL's events are settled: every event at or below it that will ever
 * exist is committed and visible, so a reader that has passed an id never finds a smaller one
 * behind it.
 *
 * Event ids come from a sequence (./0011-event-ids.ts), taken by a transaction as it commits,
 * after it has written its records, or as it writes a record (its own event,
 * ./record-events.ts) through a function that takes the transaction id first: either way,
 * after the transaction has its transaction id. If a look at the database (one statement, one
 * snapshot) shows event N as its newest, any transaction holding
 * a smaller id took it before N was taken, so it had its transaction id before the snapshot:
 * it is committed (and seen), rolled back (its id is never used), or among the snapshot's
 * transactions in progress. So:
 * - a look with no write transaction in progress settles its newest id at once;
 * - otherwise that newest id is settled by a later look in which none of those transactions is
 *   still in progress (each of them had an id below the later snapshot's `xmax`, so one that is
 *   not listed there has ended).
 * A write transaction that runs long holds back what was committed after it started, until it ends.
 */

/** What one snapshot showed: the newest event id, and the write transactions in progress. */
export interface Look {
  newest: number;
  inProgress: readonly string[];
}

/** Looks kept waiting to settle; past this many, the newest waiting look gives way to a newer one. */
const MOST_WAITING = 64;

export class SettledHorizon {
  private settledId = 0;
  private waiting: { newest: number; inProgress: ReadonlySet<string> }[] = [];

  /** The id settled so far. */
  get settled(): number {
    return this.settledId;
  }

  /** Whether a look is waiting for transactions to end: another look soon may settle more. */
  get unsettled(): boolean {
    return this.waiting.length > 0;
  }

  /** Takes in one look; returns the id settled now. */
  observe({ newest, inProgress }: Look): number {
    const running = new Set(inProgress);
    let latest = -1;
    for (let index = this.waiting.length - 1; index >= 0; index--) {
      if (!overlaps(this.waiting[index]!.inProgress, running)) {
        latest = index;
        break;
      }
    }
    if (latest >= 0) {
      this.settledId = Math.max(this.settledId, this.waiting[latest]!.newest);
      this.waiting.splice(0, latest + 1);
    }
    if (running.size === 0) {
      this.settledId = Math.max(this.settledId, newest);
      this.waiting = [];
    } else if (newest > this.settledId) {
      const look = { newest, inProgress: running };
      if (this.waiting.length < MOST_WAITING) this.waiting.push(look);
      else this.waiting[this.waiting.length - 1] = look;
    }
    return this.settledId;
  }
}

/** The transactions in progress of a snapshot as `pg_current_snapshot()::text` writes it: `xmin:xmax:xip,…`. */
export function inProgressOf(snapshot: string): string[] {
  const list = snapshot.split(':')[2] ?? '';
  return list === '' ? [] : list.split(',');
}

/**
 * The snapshot's transactions in progress less those known to be another database's. A snapshot
 * lists every write transaction on the server, so without this a write in another database
 * (another application, another test) would hold back this one's events for as long as it runs.
 * `elsewhere` holds 32-bit transaction ids, read after the snapshot was taken: a transaction it
 * names is another database's, and one that ended before it was read stays counted as in
 * progress, which only delays settling, never skips an event. The snapshot's ids are 64-bit
 * (epoch and id); no two transactions in progress at once share their low 32 bits.
 */
export function inProgressHere(snapshot: string, elsewhere: readonly string[]): string[] {
  const inProgress = inProgressOf(snapshot);
  if (elsewhere.length === 0) return inProgress;
  const others = new Set(elsewhere);
  return inProgress.filter((xid) => !others.has(String(BigInt(xid) & 0xffff_ffffn)));
}

function overlaps(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const xid of a) if (b.has(xid)) return true;
  return false;
}
