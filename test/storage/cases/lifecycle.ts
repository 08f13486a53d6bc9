/** Migrations (twice, from two clients at once, 0002 and 0003 over databases with records) and a restart that finds every record. */
import { describe, expect, it } from 'vitest';
import { idempotencyKeyDigest, requestDigestOf } from '../../../core/http/idempotency.ts';
import type { AgentRecord } from '../../../core/agents/records.ts';
import type { AttemptRecord } from '../../../core/league/records.ts';
import type { SuiteContext } from '../store-suite.ts';
import { at, DAY_1, DAY_2, newAgent, newAttempt, recordOf, registeredOf, replayedAttempt, retainedOf, storedOf } from '../../support/fixtures/store-records.ts';
import { newArrival, newProposal, newReply, newRevision, newTopic } from '../../support/fixtures/social-records.ts';
import { publicOf } from './arrivals.ts';
import { schemaOf } from '../templates.ts';
import { expectFigures } from './figures.ts';
import { addColumn } from '../../../storage/shared/migration-sql.ts';
import { attemptColumns } from '../../../storage/league/rows.ts';
import { RECORD_EVENTS } from '../../../storage/events/record-events.ts';
import { MIGRATIONS, migrationsFrom } from './migration-names.ts';

export function lifecycleCases(context: SuiteContext): void {
  /** Undoes the latest `count` migrations, newest first; resolves to what was undone. */
  async function undoLatest(count: number): Promise<string[]> {
    const undone: string[] = [];
    for (let i = 0; i < count; i++) undone.push(...(await context.opened.migrateDown()));
    return undone;
  }

  describe('migrations and restarts', () => {
    it('runs the migrations once; running them again changes nothing', async () => {
      expect(context.opened.ran).toEqual(MIGRATIONS);
      const agent = newAgent();
      await context.store.registerAgent(agent);
      await context.store.retainAttempt(newAttempt(agent), 10);
      expect(await context.opened.migrate()).toEqual([]);
      expect(await context.opened.migrate()).toEqual([]);
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 1 });
      expect(await context.store.agentById(agent.id)).toEqual(recordOf(agent));
    });

    it.skipIf(context.dialect.createMigratedTarget === undefined)('gives the other cases copies with the schema and records migrating gives', async () => {
      const copy = await context.dialect.createMigratedTarget!();
      try {
        const opened = await copy.open();
        expect(opened.ran).toEqual([]);
        const { family } = context.dialect;
        expect(await schemaOf(opened.db, family)).toEqual(await schemaOf(context.opened.db, family));
      } finally {
        await copy.dispose();
      }
    });

    it.skipIf(!context.dialect.sharedOpen)('migrates once when two clients start on a new database at the same time', async () => {
      const fresh = await context.dialect.createTarget();
      try {
        const [one, two] = await Promise.all([fresh.open(), fresh.open()]);
        // Each migration ran once, by one client or the other (they may share the work).
        expect([...one.ran, ...two.ran].sort()).toEqual(MIGRATIONS);
        const agent = newAgent();
        await one.store.registerAgent(agent);
        expect(await two.store.agentById(agent.id)).toEqual(recordOf(agent));
        expect(await two.store.totals()).toEqual({ agents: 1, entrants: 0, attempts: 0 });
      } finally {
        await fresh.dispose();
      }
    });

    it('adds 0002 to a league database with records, its counts from zero, and undoes it', async () => {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      await context.store.retainAttempt(newAttempt(agent), 10);
      expect(await undoLatest(migrationsFrom('0002-social').length)).toEqual(migrationsFrom('0002-social').reverse());
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0002-social'));
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 1 });
      expect(await context.store.socialCounts()).toMatchObject({ members: 0, topics: 0, replies: 0 });
      expect(await context.store.rulesCounts()).toMatchObject({ proposals: 0, reviews: 0 });
      expect(await context.store.arrivalCount()).toBe(0);
      expect((await context.store.joinClubhouse({ agentId: agent.id, via: 'league-key', joinedAt: at(1) })).created).toBe(true);
      expect((await context.store.createProposal(newProposal(agent))).number).toBe(1);
    });

    it('carries Idempotency-Key records kept before 0004 over under their digests, and keeps no key', async () => {
      expect(await undoLatest(migrationsFrom('0004-request-digests').length)).toEqual(migrationsFrom('0004-request-digests').reverse());
      const key = 'join-a-secret-nonce-that-must-not-stay';
      const kept = { fingerprint: 'f'.repeat(64), state: 'completed', claimed_at: 1, expires_at: 86_400_001, status: 201, headers: '{}', body: 'kept' };
      await context.opened.db
        .insertInto('idempotency_keys')
        .values({ scope: 'agent:agt_1', key, ...kept })
        .execute();
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0004-request-digests'));
      const claim = { fingerprint: kept.fingerprint, now: 2, staleAfterMs: 60_000, keepForMs: 86_400_000 };
      expect(await context.store.claimIdempotencyKey({ keyDigest: idempotencyKeyDigest('agent:agt_1', key), ...claim })).toEqual({
        state: 'completed',
        response: { status: 201, headers: {}, body: 'kept' },
      });
      const tables = (await context.opened.db.introspection.getTables()).map((table) => table.name);
      expect(tables).not.toContain('idempotency_keys');
      const rows = await context.opened.db.selectFrom('idempotency_records').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(key);
    });

    it('moves a database the previous release wrote to 0011: every figure kept exact, event ids going on after its own', async () => {
      expect(await undoLatest(migrationsFrom('0011-no-hot-rows').length)).toEqual(migrationsFrom('0011-no-hot-rows').reverse());
      // This store writes 0012's column (empty here, as that release leaves it); 0012 keeps it.
      await addColumn(context.opened.db, context.dialect.family, 'attempts', 'key_digest', 'TEXT');
      // And 0014's, which it reads the records' events from: they are the events table's rows
      // here (0008's triggers), so the ids this store gives attempts on SQLite are taken back, as
      // that release leaves the column; 0014 moves the events onto it.
      for (const { table } of RECORD_EVENTS) await addColumn(context.opened.db, context.dialect.family, table, 'event_id', 'BIGINT');
      const asThatRelease = () => context.opened.db.updateTable('attempts').set({ event_id: null }).execute();
      const agents = new Map<string, AgentRecord>();
      const retained: AttemptRecord[] = [];
      const field = [newAgent(), newAgent(), newAgent()];
      const retain = async (agent: (typeof field)[number], date: string, score: number, reachedExit: boolean) => {
        const result = await context.store.retainAttempt(newAttempt(agent, { date, score, reachedExit }), 10);
        if ('attempt' in result) retained.push(result.attempt);
      };
      for (const agent of field) {
        await context.store.registerAgent(agent);
        agents.set(agent.id, recordOf(agent));
      }
      await retain(field[0]!, DAY_1, 10, true);
      await retain(field[1]!, DAY_1, 12, false);
      await retain(field[0]!, DAY_1, 14, false);
      await asThatRelease();
      // The events as that release reads them: every row of the events table.
      const before = (await context.opened.db.selectFrom('events').selectAll().orderBy('id').execute()).map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        subject: row.subject,
        part: row.part,
        agentId: row.agent_id,
        at: row.at,
      }));
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0011-no-hot-rows'));
      await expectFigures(context.store, agents, retained, false);
      await retain(field[1]!, DAY_1, 20, true);
      await retain(field[2]!, DAY_1, 5, true);
      await retain(field[2]!, DAY_2, 7, false);
      await expectFigures(context.store, agents, retained, false);
      const after = await context.store.eventsAfter(0, {}, 1000);
      expect(after.slice(0, before.length)).toEqual(before);
      const ids = after.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
      expect(after.length).toBeGreaterThan(before.length);
    });

    it('moves a database the previous release wrote to 0012: a retry of its submit finds that attempt, which holds no key', async () => {
      expect(await undoLatest(migrationsFrom('0012-keys-in-attempts').length)).toEqual(migrationsFrom('0012-keys-in-attempts').reverse());
      const agent = newAgent();
      await context.store.registerAgent(agent);
      // The previous release's submit: a claim left in flight, and the attempt with its request digest.
      const keyDigest = idempotencyKeyDigest(`agent:${agent.id}`, 'an-old-key');
      const claim = { keyDigest, fingerprint: 'f'.repeat(64), now: 1, staleAfterMs: 60_000, keepForMs: 86_400_000 };
      expect(await context.store.claimIdempotencyKey(claim)).toMatchObject({ state: 'claimed' });
      const old = { ...newAttempt(agent), requestDigest: requestDigestOf(keyDigest, claim.fingerprint) };
      const { key_digest: _, ...columns } = attemptColumns(old, context.dialect.family);
      await context.opened.db
        .insertInto('attempts')
        .values({ ...columns, number: 1 })
        .execute();
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0012-keys-in-attempts'));

      const { requestDigest: __, ...stored } = old;
      const retry = { ...newAttempt(agent), requestDigest: old.requestDigest, key: { keyDigest, fingerprint: claim.fingerprint, now: 2 } };
      expect(await context.store.retainAttempt(retry, 10)).toEqual({ keyHeld: { attempt: retainedOf(stored, 1), sameRequest: true } });
      expect(await context.store.attemptHoldingKey(keyDigest)).toBeNull();
      const next = { ...newAttempt(agent), requestDigest: 'e'.repeat(64), key: { keyDigest: 'd'.repeat(64), fingerprint: 'c'.repeat(64), now: 2 } };
      const { key: ___, requestDigest: ____, ...sent } = next;
      expect(await context.store.retainAttempt(next, 10)).toEqual({ attempt: retainedOf(sent, 2) });
      expect(await context.store.attemptHoldingKey('d'.repeat(64))).toEqual({ attempt: retainedOf(sent, 2), requestDigest: 'e'.repeat(64) });
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 2 });
    });

    it('moves a database the previous release wrote to 0013: its results stay stored, later ones are played again; undone, each is stored again', async () => {
      const agent = newAgent();
      await context.store.registerAgent(agent);
      expect(await undoLatest(migrationsFrom('0013-results-replayed').length)).toEqual(migrationsFrom('0013-results-replayed').reverse());
      const old = replayedAttempt(agent, DAY_1);
      // The previous release stores every result.
      const { resultReplayed: _, ...stored } = old.attempt;
      await context.opened.db
        .insertInto('attempts')
        .values({ ...attemptColumns(stored, context.dialect.family), number: 1 })
        .execute();
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0013-results-replayed'));
      expect(await context.store.attemptById(stored.id)).toEqual(retainedOf(stored, 1));

      const later = replayedAttempt(agent, DAY_2);
      await context.store.keepDayBoard(DAY_2, JSON.stringify(later.board));
      await context.store.retainAttempt(later.attempt, 10);
      expect(await context.store.attemptById(later.attempt.id)).toEqual(storedOf(later.attempt, 1));

      expect(await undoLatest(migrationsFrom('0013-results-replayed').length)).toEqual(migrationsFrom('0013-results-replayed').reverse());
      const rows = await context.opened.db.selectFrom('attempts').select(['id', 'result']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: stored.id, result: JSON.stringify(stored.result) },
        { id: later.attempt.id, result: JSON.stringify(later.attempt.result) },
      ]);
      expect((await context.opened.db.introspection.getTables()).map((table) => table.name)).not.toContain('league_boards');
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0013-results-replayed'));
      expect(await context.store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 2 });
    });

    it('moves a database the previous release wrote to 0014: each record becomes its own event under the same id; undone, they are rows again', async () => {
      const { db } = context.opened;
      const { store } = context;
      const [one, two] = [newAgent(), newAgent()];
      for (const agent of [one, two]) await store.registerAgent(agent);
      expect(await undoLatest(migrationsFrom('0014-records-are-events').length)).toEqual(migrationsFrom('0014-records-are-events').reverse());
      /** An attempt inserted as the previous release inserts it, naming no event id; 0008's trigger adds its event. */
      const insertAsPreviousRelease = (attempt: ReturnType<typeof newAttempt>, number: number) =>
        db
          .insertInto('attempts')
          .values({ ...attemptColumns(attempt, context.dialect.family), number })
          .execute();
      const eventRows = async () =>
        (await db.selectFrom('events').selectAll().orderBy('id').execute()).map((row) => ({
          id: Number(row.id),
          kind: row.kind,
          subject: row.subject,
          part: row.part,
          agentId: row.agent_id,
          at: row.at,
        }));
      // Every kind of record, written under 0013 (the store's other writes name no event id).
      await insertAsPreviousRelease(newAttempt(one, { date: DAY_1, score: 3 }), 1);
      const topic = newTopic(two);
      await store.createTopic(topic);
      await insertAsPreviousRelease(newAttempt(two, { date: DAY_1, score: 5, reachedExit: true }), 1);
      await store.addReply(newReply(topic, one));
      const proposal = await store.createProposal(newProposal(one));
      await store.addRevision(proposal.number, one.id, newRevision());
      await store.addReview(proposal.number, { revision: undefined, reviewerId: two.id, stance: 'support', comment: 'Yes.', createdAt: at(90_000) });
      await store.transitionProposal(proposal.number, { to: 'under-review', allowedFrom: ['open'], reason: 'Reviewed.', at: at(90_001) });
      await store.recordArrival(newArrival(), 10);
      await insertAsPreviousRelease(newAttempt(one, { date: DAY_1, score: 9, reachedExit: true }), 2);
      const before = await eventRows();
      const kinds = ['attempt.retained', 'topic.created', 'reply.added', 'proposal.created', 'proposal.revised', 'review.added', 'proposal.status', 'arrival.recorded'];
      expect(new Set(before.map((event) => event.kind))).toEqual(new Set([...kinds, 'standings.changed', 'field.changed']));

      expect(await context.opened.migrate()).toEqual(migrationsFrom('0014-records-are-events'));
      expect(await store.eventsAfter(0, {}, 1000)).toEqual(before);
      for (const kind of kinds) {
        expect(await store.eventsAfter(0, { kinds: [kind as never] }, 1000), kind).toEqual(before.filter((event) => event.kind === kind));
      }
      expect(await store.eventsAfter(0, { agentId: one.id }, 1000)).toEqual(before.filter((event) => event.agentId === one.id));
      expect(await store.eventsAfter(before[3]!.id, { kinds: ['attempt.retained', 'standings.changed'] }, 2)).toEqual(
        before
          .slice(4)
          .filter((event) => event.kind === 'attempt.retained' || event.kind === 'standings.changed')
          .slice(0, 2),
      );
      // The events table keeps only the events that are no record's.
      expect(new Set((await eventRows()).map((event) => event.kind))).toEqual(new Set(['standings.changed', 'field.changed']));

      // This release's attempt and topic, and an attempt the previous release inserts beside them
      // during an upgrade: each is numbered after every event before it, ahead of the changes it
      // makes (the standings and the field's, in the order each family's trigger updates them).
      const later = newAttempt(two, { date: DAY_2, score: 1 });
      await store.retainAttempt(later, 10);
      const laterTopic = newTopic(one);
      await store.createTopic(laterTopic);
      const meanwhile = newAttempt(one, { date: DAY_2, score: 2 });
      await insertAsPreviousRelease(meanwhile, 1);
      const after = await store.eventsAfter(0, {}, 1000);
      expect(after.slice(0, before.length)).toEqual(before);
      const added = after.slice(before.length).map(({ kind, subject }) => `${kind} ${subject}`);
      expect(added[0]).toBe(`attempt.retained ${later.id}`);
      expect(added.slice(1, 3).sort()).toEqual([`field.changed ${DAY_2}`, `standings.changed ${later.id}`]);
      expect(added.slice(3)).toEqual([`topic.created ${laterTopic.id}`, `attempt.retained ${meanwhile.id}`, `standings.changed ${meanwhile.id}`]);
      const ids = after.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
      expect(await store.eventIds()).toEqual({ newest: ids.at(-1), settled: ids.at(-1) });

      expect(await undoLatest(migrationsFrom('0014-records-are-events').length)).toEqual(migrationsFrom('0014-records-are-events').reverse());
      expect(await eventRows()).toEqual(after);
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0014-records-are-events'));
      expect(await store.eventsAfter(0, {}, 1000)).toEqual(after);
      expect(await store.totals()).toEqual({ agents: 2, entrants: 2, attempts: 5 });
    });

    it('adds 0003 to a database with records, counting the entrants already there, then keeps counting', async () => {
      const [entrant, other, idle] = [newAgent(), newAgent(), newAgent()];
      for (const agent of [entrant, other, idle]) await context.store.registerAgent(agent);
      await context.store.retainAttempt(newAttempt(entrant, { date: DAY_1 }), 10);
      await context.store.retainAttempt(newAttempt(entrant, { date: DAY_2 }), 10);
      await context.store.retainAttempt(newAttempt(other, { date: DAY_1 }), 10);
      expect(await undoLatest(migrationsFrom('0003-entrants').length)).toEqual(migrationsFrom('0003-entrants').reverse());
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0003-entrants'));
      expect(await context.store.totals()).toEqual({ agents: 3, entrants: 2, attempts: 3 });
      await context.store.retainAttempt(newAttempt(other, { date: DAY_2 }), 10);
      await context.store.retainAttempt(newAttempt(idle, { date: DAY_2 }), 10);
      expect(await context.store.totals()).toEqual({ agents: 3, entrants: 3, attempts: 5 });
    });

    it('adds 0010 to agents made before it, each found by its registration with its first key; and completes a row an earlier release inserts', async () => {
      const before = newAgent();
      await context.store.registerAgent(before);
      expect(await undoLatest(migrationsFrom('0010-key-lifecycle').length)).toEqual(migrationsFrom('0010-key-lifecycle').reverse());
      const older = newAgent();
      const row = (agent: typeof older) => ({
        id: agent.id,
        handle: agent.handle,
        display_name: agent.displayName,
        model: agent.model,
        sent_by: agent.sentBy,
        key_digest: agent.keyDigest,
        created_at: agent.createdAt,
      });
      await context.opened.db.insertInto('agents').values(row(older)).execute();
      expect(await context.opened.migrate()).toEqual(migrationsFrom('0010-key-lifecycle'));
      for (const agent of [before, older]) {
        expect(await context.store.agentByRegistration(agent.keyDigest)).toEqual({
          agent: recordOf(agent),
          key: { generation: 0, createdAt: agent.createdAt, revokedAt: null, changedBy: null },
        });
      }
      // An instance of the previous release, beside this one during an upgrade, inserts as 0001 did.
      const meanwhile = newAgent();
      await context.opened.db.insertInto('agents').values(row(meanwhile)).execute();
      expect(await context.store.registerAgent(newAgent({ keyDigest: meanwhile.keyDigest }))).toEqual(registeredOf(meanwhile, false));
      expect((await context.store.totals()).agents).toBe(3);
    });

    it('finds every record after the store is closed and opened again', async () => {
      const agent = newAgent();
      const attempt = newAttempt(agent, { date: DAY_1, reachedExit: true, score: 12 });
      await context.store.registerAgent(agent);
      await context.store.retainJoinAttempt({ ...attempt, kind: 'join' }, 10);
      await context.store.claimIdempotencyKey({ keyDigest: 'k', fingerprint: 'f', now: 1, staleAfterMs: 60_000, keepForMs: 86_400_000 });
      await context.store.completeIdempotencyKey({ keyDigest: 'k', claimedAt: 1 }, { status: 200, headers: {}, body: 'kept' }, 86_400_001);
      const member = (await context.store.joinClubhouse({ agentId: agent.id, via: 'league-key', joinedAt: at(1) })).member;
      const topic = await context.store.createTopic(newTopic(agent, { channel: 'match-analysis' }));
      const reply = await context.store.addReply(newReply(topic, agent));
      await context.store.createProposal(newProposal(agent));
      await context.store.addRevision(1, agent.id, newRevision());
      await context.store.transitionProposal(1, { to: 'withdrawn', allowedFrom: ['open'], reason: 'changed my mind', at: at(99_999) });
      const proposal = await context.store.proposalByNumber(1);
      const arrival = newArrival();
      await context.store.recordArrival(arrival, 10);
      await context.store.close();
      await context.store.close(); // closing twice is harmless

      const reopened = await context.target.open();
      expect(reopened.ran).toEqual([]);
      const { store } = reopened;
      expect(await store.agentByKeyDigest(agent.keyDigest)).toEqual(recordOf(agent));
      expect(await store.attemptById(attempt.id)).toEqual(retainedOf({ ...attempt, kind: 'join' }, 1));
      expect(await store.dayCounts(DAY_1)).toEqual({ date: DAY_1, fieldSize: 1, finisherCount: 1, attemptCount: 1 });
      expect((await store.dailyStandings(DAY_1, { limit: 5 })).rows).toHaveLength(1);
      expect((await store.seasonStandings({ limit: 5 })).rows[0]).toMatchObject({ rank: 1, total: 12, days: 1 });
      expect(await store.totals()).toEqual({ agents: 1, entrants: 1, attempts: 1 });
      expect(await store.claimIdempotencyKey({ keyDigest: 'k', fingerprint: 'f', now: 2, staleAfterMs: 60_000, keepForMs: 86_400_000 })).toEqual({
        state: 'completed',
        response: { status: 200, headers: {}, body: 'kept' },
      });
      expect(await store.clubhouseMember(agent.id)).toEqual(member);
      expect(await store.topicById(topic.id)).toEqual({ ...topic, replyCount: 1, lastReplyAt: reply!.createdAt });
      expect((await store.listReplies(topic.id, { limit: 5 })).items).toEqual([reply]);
      expect(await store.proposalByNumber(1)).toEqual(proposal);
      expect(proposal).toMatchObject({ status: 'withdrawn', revisionCount: 2 });
      expect((await store.listArrivals({ limit: 5 })).items).toEqual([publicOf(arrival)]);
      expect(await store.socialCounts()).toMatchObject({ members: 1, topics: 1, replies: 1 });
      expect(await store.rulesCounts()).toMatchObject({ proposals: 1, reviews: 0, byStatus: { withdrawn: 1, open: 0 } });
      expect(await store.arrivalCount()).toBe(1);
    });
  });
}
