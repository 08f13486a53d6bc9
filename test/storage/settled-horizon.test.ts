/**
 * The settled id of PostgreSQL events against a model of concurrent writers as PostgreSQL shows
 * them: transactions get their transaction id, take event ids from a sequence, and commit or roll
 * back in any order; a reader's look takes a snapshot (its `xmax` one past the newest transaction
 * to have ended, listing only the running transactions below it), then, after transactions may
 * have ended meanwhile, reads every session's transaction, and reads what has settled. Whatever
 * the order, the reader gets every committed event once, in id order, and never finds one behind
 * its cursor.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullXid, SettledHorizon, snapshotOf } from '../../storage/events/settled-horizon.ts';

interface Transaction {
  xid: number;
  ids: number[];
  state: 'running' | 'committed' | 'rolled back';
}

/** One step of the world: a transaction begins, takes an event id, ends, or the reader looks (while others end). */
const step = fc.oneof(
  fc.constant({ kind: 'begin' as const }),
  fc.record({ kind: fc.constant('take' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('end' as const), which: fc.nat(), commit: fc.boolean() }),
  fc.record({ kind: fc.constant('look' as const), racing: fc.array(fc.nat(), { maxLength: 2 }) }),
);

type Step = { kind: 'begin' | 'take' | 'end' | 'look'; which?: number; commit?: boolean; racing?: number[] };

function play(steps: Step[]): void {
  const transactions: Transaction[] = [];
  let nextXid = 100;
  let latestEnded = 99;
  let nextId = 1;
  const horizon = new SettledHorizon();
  let cursor = 0;
  const delivered: number[] = [];
  const running = () => transactions.filter((transaction) => transaction.state === 'running');
  const committed = () => transactions.filter((transaction) => transaction.state === 'committed').flatMap((transaction) => transaction.ids);
  const end = (transaction: Transaction, commit: boolean) => {
    transaction.state = commit ? 'committed' : 'rolled back';
    latestEnded = Math.max(latestEnded, transaction.xid);
  };
  const look = (racing: number[]) => {
    // The snapshot: what is committed, and the running transactions below xmax.
    const seen = committed();
    const xmax = latestEnded + 1;
    const listed = running().filter((transaction) => transaction.xid < xmax);
    const snapshot = `${Math.min(xmax, ...listed.map((t) => t.xid))}:${xmax}:${listed.map((t) => t.xid).join(',')}`;
    // Transactions may end between the snapshot and the read of the sessions.
    for (const which of racing) {
      const open = running();
      if (open.length > 0) end(open[which % open.length]!, which % 3 !== 0);
    }
    const settled = horizon.observe({ newest: Math.max(0, ...seen), snapshot, running: running().map((t) => String(t.xid)) });
    const read = seen.filter((id) => id > cursor && id <= settled).sort((a, b) => a - b);
    delivered.push(...read);
    if (read.length > 0) cursor = read.at(-1)!;
    // Nothing committed is left behind the cursor unread.
    for (const id of committed()) expect(id <= cursor ? delivered.includes(id) : true, `event ${id} behind the cursor ${cursor}`).toBe(true);
  };
  for (const { kind, which = 0, commit = true, racing = [] } of steps) {
    const open = running();
    if (kind === 'begin') transactions.push({ xid: nextXid++, ids: [], state: 'running' });
    else if (kind === 'take' && open.length > 0) open[which % open.length]!.ids.push(nextId++);
    else if (kind === 'end' && open.length > 0) end(open[which % open.length]!, commit);
    else if (kind === 'look') look(racing);
  }
  for (const transaction of running()) end(transaction, true);
  // A look's newest settles at the next look.
  look([]);
  look([]);
  expect(delivered).toEqual(committed().sort((a, b) => a - b));
}

describe('the settled id of PostgreSQL events', () => {
  it('gives a reader every committed event once, in order, whatever order writers commit in', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 120, size: 'max' }), (steps) => play(steps)),
      { numRuns: 1000 },
    );
  });

  it('waits for a running transaction its snapshot does not list, one past the newest to have ended', () => {
    const horizon = new SettledHorizon();
    // Transaction 101 took event 1 and runs; 100 took event 2 and committed: the snapshot's xmax is 101.
    expect(horizon.observe({ newest: 2, snapshot: '101:101:', running: ['101'] })).toBe(0);
    expect(horizon.observe({ newest: 2, snapshot: '101:101:', running: ['101'] })).toBe(0);
    // 101 has ended: a later snapshot shows it below its xmax and not in progress.
    expect(horizon.observe({ newest: 2, snapshot: '102:102:', running: [] })).toBe(2);
    expect(horizon.unsettled).toBe(false);
  });

  it('settles a look at a later one, never at itself, and not past a transaction that may still commit', () => {
    const horizon = new SettledHorizon();
    expect(horizon.observe({ newest: 3, snapshot: '100:100:', running: [] })).toBe(0);
    expect(horizon.observe({ newest: 5, snapshot: '107:108:107', running: ['107'] })).toBe(3);
    expect(horizon.unsettled).toBe(true);
    expect(horizon.observe({ newest: 6, snapshot: '107:109:107,108', running: ['107', '108'] })).toBe(3);
    expect(horizon.observe({ newest: 6, snapshot: '108:110:108', running: ['108'] })).toBe(5);
    expect(horizon.observe({ newest: 9, snapshot: '110:110:', running: [] })).toBe(6);
    expect(horizon.observe({ newest: 9, snapshot: '110:110:', running: [] })).toBe(9);
    expect(horizon.unsettled).toBe(false);
  });

  it('reads a snapshot as PostgreSQL writes it, and a 32-bit transaction id in the epoch of its xmax', () => {
    expect(snapshotOf('748:748:')).toEqual({ xmax: 748n, inProgress: new Set() });
    expect(snapshotOf('748:752:748,750')).toEqual({ xmax: 752n, inProgress: new Set([748n, 750n]) });
    // 2 × 2^32 + 7, and ids either side of a wraparound.
    expect(fullXid('7', 2n * 2n ** 32n + 9n)).toBe(2n * 2n ** 32n + 7n);
    expect(fullXid('4294967290', 2n * 2n ** 32n + 9n)).toBe(2n * 2n ** 32n - 6n);
    expect(fullXid('3', 2n ** 32n - 5n)).toBe(2n ** 32n + 3n);
  });
});
