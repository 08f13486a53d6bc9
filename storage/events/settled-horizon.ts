/**
 * The id up to which PostgreSQL's events are settled: every event at or below it that will ever
 * exist is committed and visible, so a reader that has passed an id never finds a smaller one
 * behind it.
 *
 * Event ids come from a sequence (./0015-event-ids.ts), taken by a transaction as it commits,
 * after it has written its records, or as it writes a record (its own event,
 * ./record-events.ts) through a function that takes the transaction id first: either way,
 * after the transaction has its transaction id. (Until an upgrade to 0.24 is finished they come
 * from 0.23's counter row, taken as a transaction commits: the same holds.) If a look at the
 * database shows event N as its newest, any transaction holding a smaller id took it before N was taken, so it had its
 * transaction id before the look's snapshot. At that snapshot it was committed (and seen),
 * rolled back (its id is never used), or still running. A snapshot does not list every running
 * transaction: only those below its `xmax`, which is one past the newest transaction to have
 * ended, not past the newest to have begun. So each look also reads, after its snapshot, the
 * transaction of every session (`pg_stat_activity`): a transaction running at the snapshot is
 * listed by one or the other, or has ended before the second read, and so before any later
 * snapshot. Hence a look's newest id is settled by a later look whose snapshot shows each of
 * those transactions ended (below its `xmax`, and not among its transactions in progress), never
 * by the look itself.
 * A write transaction that runs long holds back what was committed after it started, until it
 * ends; so does one in another database of the server, which cannot be told apart reliably.
 */

/** What one look showed: the newest event id, its snapshot, and the sessions' transactions read after it. */
export interface Look {
  newest: number;
  /** The snapshot as `pg_current_snapshot()::text` writes it: `xmin:xmax:xip,…`, 64-bit ids. */
  snapshot: string;
  /** Every session's transaction id (`pg_stat_activity.backend_xid`, 32-bit), read after the snapshot. */
  running: readonly string[];
}

/** Looks kept waiting to settle; past this many, the newest waiting look gives way to a newer one. */
const MOST_WAITING = 64;

export class SettledHorizon {
  private settledId = 0;
  private waiting: { newest: number; transactions: readonly bigint[] }[] = [];

  /** The id settled so far. */
  get settled(): number {
    return this.settledId;
  }

  /** Whether a look is waiting for a later one: another look soon may settle more. */
  get unsettled(): boolean {
    return this.waiting.length > 0;
  }

  /** Takes in one look; returns the id settled now. */
  observe({ newest, snapshot, running }: Look): number {
    const { xmax, inProgress } = snapshotOf(snapshot);
    const ended = (xid: bigint) => xid < xmax && !inProgress.has(xid);
    for (let index = this.waiting.length - 1; index >= 0; index--) {
      if (this.waiting[index]!.transactions.every(ended)) {
        this.settledId = Math.max(this.settledId, this.waiting[index]!.newest);
        this.waiting.splice(0, index + 1);
        break;
      }
    }
    if (newest > this.settledId) {
      const look = { newest, transactions: [...new Set([...inProgress, ...running.map((xid) => fullXid(xid, xmax))])] };
      if (this.waiting.length < MOST_WAITING) this.waiting.push(look);
      else this.waiting[this.waiting.length - 1] = look;
    }
    return this.settledId;
  }
}

/** A snapshot's `xmax` and transactions in progress, from `pg_current_snapshot()::text`. */
export function snapshotOf(snapshot: string): { xmax: bigint; inProgress: ReadonlySet<bigint> } {
  const [, xmax = '0', list = ''] = snapshot.split(':');
  return { xmax: BigInt(xmax), inProgress: new Set(list === '' ? [] : list.split(',').map(BigInt)) };
}

const EPOCH = 2n ** 32n;

/**
 * A 32-bit transaction id as the 64-bit id it is near `xmax` (a transaction running now is within
 * 2^31 of it either way): the epoch is `xmax`'s, or the one before or after across a wraparound.
 */
export function fullXid(xid: string, xmax: bigint): bigint {
  const full = (xmax / EPOCH) * EPOCH + BigInt(xid);
  if (full > xmax + EPOCH / 2n) return full - EPOCH;
  if (full < xmax - EPOCH / 2n) return full + EPOCH;
  return full;
}
