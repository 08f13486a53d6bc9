/**
 * The settled id of PostgreSQL's events against a model of concurrent writers: transactions get
 * their transaction id, take event ids from a sequence as they commit, and commit or roll back in
 * any order, while a reader looks now and then and reads what has settled. Whatever the order,
 * the reader gets every committed event once, in id order, and never finds one behind its cursor.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inProgressHere, inProgressOf, SettledHorizon } from '../../storage/events/settled-horizon.ts';

interface Transaction {
  xid: number;
  ids: number[];
  state: 'running' | 'committed' | 'rolled back';
}

/** One step of the world: a transaction begins, takes an event id, ends, or the reader looks. */
const step = fc.oneof(
  fc.constant({ kind: 'begin' as const }),
  fc.record({ kind: fc.constant('take' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('end' as const), which: fc.nat(), commit: fc.boolean() }),
  fc.constant({ kind: 'look' as const }),
);

type Step = { kind: 'begin' | 'take' | 'end' | 'look'; which?: number; commit?: boolean };

function play(steps: Step[]): void {
  const transactions: Transaction[] = [];
  let nextXid = 100;
  let nextId = 1;
  const horizon = new SettledHorizon();
  let cursor = 0;
  const delivered: number[] = [];
  const running = () => transactions.filter((transaction) => transaction.state === 'running');
  const look = () => {
    const committed = transactions.filter((transaction) => transaction.state === 'committed').flatMap((transaction) => transaction.ids);
    const newest = Math.max(0, ...committed);
    const settled = horizon.observe({ newest, inProgress: running().map((transaction) => String(transaction.xid)) });
    const read = committed.filter((id) => id > cursor && id <= settled).sort((a, b) => a - b);
    delivered.push(...read);
    if (read.length > 0) cursor = read.at(-1)!;
    // Nothing committed is left behind the cursor unread.
    for (const id of committed) expect(id <= cursor ? delivered.includes(id) : true).toBe(true);
  };
  for (const { kind, which = 0, commit = true } of steps) {
    const open = running();
    if (kind === 'begin') transactions.push({ xid: nextXid++, ids: [], state: 'running' });
    else if (kind === 'take' && open.length > 0) open[which % open.length]!.ids.push(nextId++);
    else if (kind === 'end' && open.length > 0) open[which % open.length]!.state = commit ? 'committed' : 'rolled back';
    else if (kind === 'look') look();
  }
  for (const transaction of running()) transaction.state = 'committed';
  look();
  const committed = transactions.filter((transaction) => transaction.state === 'committed').flatMap((transaction) => transaction.ids);
  expect(delivered).toEqual(committed.sort((a, b) => a - b));
}

describe('the settled id of PostgreSQL events', () => {
  it('gives a reader every committed event once, in order, whatever order writers commit in', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 120, size: 'max' }), (steps) => play(steps)),
      { numRuns: 500 },
    );
  });

  it('settles at once when no write is in progress, and not past a transaction that may still commit', () => {
    const horizon = new SettledHorizon();
    expect(horizon.observe({ newest: 3, inProgress: [] })).toBe(3);
    expect(horizon.observe({ newest: 5, inProgress: ['7'] })).toBe(3);
    expect(horizon.unsettled).toBe(true);
    expect(horizon.observe({ newest: 6, inProgress: ['7', '8'] })).toBe(3);
    expect(horizon.observe({ newest: 6, inProgress: ['8'] })).toBe(5);
    expect(horizon.observe({ newest: 9, inProgress: [] })).toBe(9);
    expect(horizon.unsettled).toBe(false);
  });

  it('reads the transactions in progress from a snapshot as PostgreSQL writes it', () => {
    expect(inProgressOf('748:748:')).toEqual([]);
    expect(inProgressOf('748:752:748,750')).toEqual(['748', '750']);
  });

  it("leaves out only the transactions named as another database's, matching a 64-bit id by its low 32 bits", () => {
    expect(inProgressHere('748:752:748,750', [])).toEqual(['748', '750']);
    expect(inProgressHere('748:752:748,750', ['750'])).toEqual(['748']);
    // An id named elsewhere that the snapshot does not list changes nothing.
    expect(inProgressHere('748:752:748,750', ['749', '751'])).toEqual(['748', '750']);
    // After a wraparound the snapshot's id carries the epoch: 2 × 2^32 + 7.
    expect(inProgressHere('8589934599:8589934601:8589934599,8589934600', ['7'])).toEqual(['8589934600']);
  });
});
