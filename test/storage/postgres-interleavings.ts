/**
 * Interleavings on a real PostgreSQL server that many concurrent calls only sometimes hit: one
 * store's write is held open in a transaction (its pool is one client that has begun one),
 * another store's write is started against it, and only once the server shows that write
 * waiting on a lock does the first commit or roll back. Only a server has two sessions to
 * interleave; SQLite and D1 run one writer at a time.
 */
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../core/store/store.ts';
import { createKyselyStore, createPostgresDialect, openStore, type Database, type PgPoolLike } from '../../storage/index.ts';
import { at, DAY_1, digestOf, newAgent, newAttempt } from '../support/fixtures/store-records.ts';
import { newArrival, newProposal, newRevision, newTopic, registeredAgents } from '../support/fixtures/social-records.ts';

/** A fresh database on the server: its address, and a way to drop it. */
export interface ServerDatabase {
  name: string;
  address: string;
  drop(): Promise<void>;
}

type Held = Awaited<ReturnType<typeof heldTransaction>>;

/** A store whose every statement runs in one transaction on one client, until `commit` or `rollback`. */
async function heldTransaction(address: string) {
  const client = new pg.Client({ connectionString: address });
  await client.connect();
  await client.query('BEGIN');
  const pool: PgPoolLike = { connect: async () => ({ query: (sql, parameters) => client.query(sql, parameters), release() {} }), end: async () => {} };
  const store = createKyselyStore(new Kysely<Database>({ dialect: createPostgresDialect(pool) }), 'postgres', undefined, { compactOnOpen: false });
  return {
    store,
    /** Runs the transaction's deferred triggers now, as its commit would (event ids taken), without committing. */
    runDeferredTriggers: async () => void (await client.query('SET CONSTRAINTS ALL IMMEDIATE')),
    commit: async () => void (await client.query('COMMIT')),
    rollback: async () => void (await client.query('ROLLBACK')),
    async end() {
      await store.close();
      await client.end();
    },
  };
}

export function postgresInterleavings(admin: pg.Pool, createDatabase: () => Promise<ServerDatabase>): void {
  describe('PostgreSQL interleavings (one write held open, another waiting on it)', () => {
    let database: ServerDatabase;
    let store: Store;
    let opened: Held[] = [];
    /** The transaction a test holds (`hold()` opens another). */
    let held: Held;
    const hold = async () => {
      const transaction = await heldTransaction(database.address);
      opened.push(transaction);
      return transaction;
    };
    beforeEach(async () => {
      database = await createDatabase();
      store = await openStore(createPostgresDialect(new pg.Pool({ connectionString: database.address, max: 4 })), 'postgres');
      held = await hold();
    });
    afterEach(async () => {
      await Promise.all(opened.map((transaction) => transaction.end()));
      opened = [];
      await store.close();
      await database.drop();
    });

    /** Starts `write`, waits until the server shows it waiting on a lock, then ends `holder`'s transaction. */
    async function against<T>(write: () => Promise<T>, end: 'commit' | 'rollback', holder: Held = held): Promise<T> {
      const waiting = write();
      for (let tries = 0; ; tries++) {
        const { rows } = await admin.query<{ n: number }>(`SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`, [database.name]);
        if (rows[0]!.n > 0) break;
        if (tries > 500) throw new Error('the second write never waited on the held one');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder[end]();
      return waiting;
    }

    it('refuses a transition from a status a held transition is leaving, and logs one change', async () => {
      const [author] = await registeredAgents(store, 1);
      await store.createProposal(newProposal(author!));
      expect(await held.store.transitionProposal(1, { to: 'accepted', allowedFrom: ['open'], reason: 'held', at: at(1) })).toMatchObject({ change: { from: 'open' } });
      const second = await against(() => store.transitionProposal(1, { to: 'under-review', allowedFrom: ['open'], reason: 'late', at: at(2) }), 'commit');
      expect(second).toEqual({ refused: 'not-allowed' });
      const record = (await store.proposalByNumber(1))!;
      expect(record.statusLog.map((entry) => [entry.from, entry.to])).toEqual([
        [null, 'open'],
        ['open', 'accepted'],
      ]);
      expect((await store.rulesCounts()).byStatus).toMatchObject({ open: 0, accepted: 1, 'under-review': 0 });
    });

    it('lets the waiting transition through when the held one rolls back', async () => {
      const [author] = await registeredAgents(store, 1);
      await store.createProposal(newProposal(author!));
      await held.store.transitionProposal(1, { to: 'accepted', allowedFrom: ['open'], reason: 'held', at: at(1) });
      const second = await against(() => store.transitionProposal(1, { to: 'under-review', allowedFrom: ['open'], reason: 'late', at: at(2) }), 'rollback');
      expect(second).toEqual({ change: { from: 'open', to: 'under-review', reason: 'late', at: at(2) } });
      expect((await store.proposalByNumber(1))!.statusLog).toHaveLength(2);
    });

    it('refuses a revision that waited for a transition closing the proposal', async () => {
      const [author] = await registeredAgents(store, 1);
      await store.createProposal(newProposal(author!));
      await held.store.transitionProposal(1, { to: 'accepted', allowedFrom: ['open'], reason: 'held', at: at(1) });
      expect(await against(() => store.addRevision(1, author!.id, newRevision()), 'commit')).toEqual({ refused: 'closed' });
      expect(await store.proposalByNumber(1)).toMatchObject({ status: 'accepted', revisionCount: 1 });
    });

    it('numbers a revision that waited for another after it', async () => {
      const [author] = await registeredAgents(store, 1);
      await store.createProposal(newProposal(author!));
      expect(await held.store.addRevision(1, author!.id, newRevision())).toMatchObject({ revision: { number: 2 } });
      const last = newRevision();
      expect(await against(() => store.addRevision(1, author!.id, last), 'commit')).toEqual({ revision: { number: 3, ...last } });
      expect(await store.proposalByNumber(1)).toMatchObject({ revisionCount: 3, title: last.title });
    });

    it('gives a proposal that waited on a held number the next one, or that number after a rollback', async () => {
      const [author] = await registeredAgents(store, 1);
      await store.createProposal(newProposal(author!));
      expect((await held.store.createProposal(newProposal(author!))).number).toBe(2);
      expect((await against(() => store.createProposal(newProposal(author!)), 'commit')).number).toBe(3);
      const again = await hold();
      expect((await again.store.createProposal(newProposal(author!))).number).toBe(4);
      expect((await against(() => store.createProposal(newProposal(author!)), 'rollback', again)).number).toBe(4);
      expect(await store.rulesCounts()).toMatchObject({ proposals: 4, byStatus: { open: 4 } });
    });

    it('refuses a review of a revision whose held review commits', async () => {
      const [author, first, second] = await registeredAgents(store, 3);
      await store.createProposal(newProposal(author!));
      const review = (reviewerId: string) => ({ revision: 1, reviewerId, stance: 'support' as const, comment: '', createdAt: at(1) });
      expect(await held.store.addReview(1, review(first!.id))).toHaveProperty('review');
      expect(await against(() => store.addReview(1, review(second!.id)), 'commit')).toEqual({ refused: 'taken' });
      expect((await store.proposalByNumber(1))!.reviews.map((r) => r.reviewer.id)).toEqual([first!.id]);
    });

    it('holds a client to its cap against a held check-in, and frees the place on a rollback', async () => {
      const client = digestOf('held-client');
      expect(await held.store.recordArrival(newArrival({ clientDigest: client }), 1)).toHaveProperty('arrival');
      expect(await against(() => store.recordArrival(newArrival({ clientDigest: client }), 1), 'rollback')).toHaveProperty('arrival');
      expect(await store.recordArrival(newArrival({ clientDigest: client }), 1)).toEqual({ capReached: true });
      expect(await store.arrivalCount()).toBe(1);
    });

    /** Resolves to what `write` resolves to, or fails if it is still waiting (on a lock) after `ms`. */
    async function withoutWaiting<T>(write: Promise<T>, ms = 5000): Promise<T> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the write was still waiting after ${ms} ms`)), ms);
      });
      try {
        return await Promise.race([write, waited]);
      } finally {
        clearTimeout(timer);
      }
    }

    it("lets one agent's attempt, registration, membership, topic and check-in through while another's are held, every figure exact after", async () => {
      const [early, second, heldAgent, free] = await registeredAgents(store, 4);
      // The day's row is written, and competitive: what the day's first attempts and finishers do is done.
      await store.retainAttempt(newAttempt(early!, { date: DAY_1, reachedExit: true }), 10);
      await store.retainAttempt(newAttempt(second!, { date: DAY_1, reachedExit: true }), 10);
      await held.store.registerAgent(newAgent());
      await held.store.retainAttempt(newAttempt(heldAgent!, { date: DAY_1, score: 40, reachedExit: true }), 10);
      await held.store.joinClubhouse({ agentId: heldAgent!.id, via: 'league-key', joinedAt: at(1) });
      await held.store.createTopic(newTopic(heldAgent!));
      await held.store.recordArrival(newArrival({ clientDigest: digestOf('held') }), 5);
      await withoutWaiting(store.registerAgent(newAgent()));
      await withoutWaiting(store.retainAttempt(newAttempt(free!, { date: DAY_1, score: 30, reachedExit: true }), 10));
      await withoutWaiting(store.joinClubhouse({ agentId: free!.id, via: 'league-key', joinedAt: at(2) }));
      await withoutWaiting(store.createTopic(newTopic(free!)));
      await withoutWaiting(store.recordArrival(newArrival({ clientDigest: digestOf('free') }), 5));
      expect(await store.totals()).toEqual({ agents: 5, entrants: 3, attempts: 3 });
      expect(await store.socialCounts()).toMatchObject({ members: 1, topics: 1 });
      expect(await store.arrivalCount()).toBe(1);
      await held.commit();
      expect(await store.totals()).toEqual({ agents: 6, entrants: 4, attempts: 4 });
      expect(await store.dayCounts(DAY_1)).toEqual({ date: DAY_1, fieldSize: 4, finisherCount: 4, attemptCount: 4 });
      expect(await store.socialCounts()).toMatchObject({ members: 2, topics: 2, replies: 0 });
      expect(await store.arrivalCount()).toBe(2);
    });

    it('reads no event past one whose transaction took a smaller id and has not committed, then both in order', async () => {
      const [opener, first, later] = await registeredAgents(store, 3);
      // The day's row is written: the day's first attempt is the only one another's first waits on.
      await store.retainAttempt(newAttempt(opener!, { date: DAY_1 }), 10);
      const settledBefore = (await store.eventIds()).settled;
      await held.store.retainAttempt(newAttempt(first!, { date: DAY_1 }), 10);
      await held.runDeferredTriggers();
      await withoutWaiting(store.retainAttempt(newAttempt(later!, { date: DAY_1 }), 10));
      const whileHeld = await store.eventIds();
      expect(whileHeld.settled).toBe(settledBefore);
      expect(whileHeld.newest).toBeGreaterThan(settledBefore);
      expect(await store.eventsAfter(settledBefore, {}, 100)).toEqual([]);
      await held.commit();
      const events = await store.eventsAfter(settledBefore, {}, 100);
      const ids = events.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const retained = events.filter((event) => event.kind === 'attempt.retained').map((event) => event.agentId);
      expect(retained).toEqual([first!.id, later!.id]);
      expect((await store.eventIds()).settled).toBe(ids.at(-1));
    });

    it('holds events back while a write in another database on the server is open, and settles them once it ends', async () => {
      // Safe, not fast: the server's other databases' transactions cannot be told apart from this
      // one's reliably (see storage/events/store.ts), so every one of them is waited for.
      const [agent] = await registeredAgents(store, 1);
      const elsewhere = await admin.connect();
      try {
        await elsewhere.query('BEGIN');
        await elsewhere.query('SELECT pg_current_xact_id()');
        await store.retainAttempt(newAttempt(agent!, { date: DAY_1 }), 10);
        const held = await store.eventIds();
        expect(held.settled).toBeLessThan(held.newest);
        await elsewhere.query('ROLLBACK');
        const ids = await store.eventIds();
        expect(ids.settled).toBe(ids.newest);
        expect((await store.eventsAfter(0, { kinds: ['attempt.retained'] }, 100)).map((event) => event.agentId)).toEqual([agent!.id]);
      } finally {
        await elsewhere.query('ROLLBACK');
        elsewhere.release();
      }
    });

    it('compacts, once it opens, the shares an instance left pending when it died before compacting', async () => {
      const [agent] = await registeredAgents(store, 1);
      for (let i = 0; i < 3; i++) await store.retainAttempt(newAttempt(agent!, { date: DAY_1 }), 10);
      // Closed at once, as a `kill -9` would stop it: its compaction, a second after the writes, never runs.
      await store.close();
      const db = new Kysely<Database>({ dialect: createPostgresDialect(new pg.Pool({ connectionString: database.address, max: 1 })) });
      const pending = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM league_totals_pending`.execute(db)).rows[0]!.n);
      expect(await pending()).toBeGreaterThan(0);
      store = await openStore(createPostgresDialect(new pg.Pool({ connectionString: database.address, max: 4 })), 'postgres');
      for (let tries = 0; (await pending()) > 0; tries++) {
        if (tries > 100) throw new Error('the shares were still pending 5 s after the store opened');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await db.destroy();
      expect(await store.totals()).toMatchObject({ agents: 1, attempts: 3 });
      expect(await store.dayCounts(DAY_1)).toMatchObject({ fieldSize: 1, attemptCount: 3 });
    });

    it('tells a join that waited on a held one the membership it made', async () => {
      const [agent] = await registeredAgents(store, 1);
      const first = await held.store.joinClubhouse({ agentId: agent!.id, via: 'league-key', joinedAt: at(1) });
      expect(first.created).toBe(true);
      expect(await against(() => store.joinClubhouse({ agentId: agent!.id, via: 'registration-capability', joinedAt: at(2) }), 'commit')).toEqual({
        member: first.member,
        created: false,
      });
      expect((await store.socialCounts()).members).toBe(1);
    });
  });
}
