/**
 * The live events: one per public write, added by the store itself in the statement that writes
 * the record, numbered in commit order, read by id range with the kind and agent filters.
 */
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../core/events/records.ts';
import type { SuiteContext } from '../store-suite.ts';
import { at, DAY_1, DAY_2, newAttempt } from '../../support/fixtures/store-records.ts';
import { newArrival, newProposal, newReply, newRevision, newTopic, registeredAgents } from '../../support/fixtures/social-records.ts';

/** An event as the test states it: everything but its id. */
const event = (kind: EventRecord['kind'], subject: string, part: string | null, agentId: string | null, at: string) => ({ kind, subject, part, agentId, at });
const withoutIds = (events: EventRecord[]) => events.map(({ id: _id, ...rest }) => rest);

export function eventCases(context: SuiteContext): void {
  describe('events', () => {
    it('adds one event per public write, in the order written, each naming its record', async () => {
      const { store } = context;
      expect(await store.eventIds()).toEqual({ newest: 0, settled: 0 });
      const [author, other] = await registeredAgents(store, 2);
      const first = newAttempt(author!, { score: 10, reachedExit: true, createdAt: at(100) });
      const lower = newAttempt(author!, { score: 4, createdAt: at(101) });
      const better = newAttempt(author!, { score: 12, createdAt: at(102) });
      const rival = newAttempt(other!, { score: 7, reachedExit: true, createdAt: at(103) });
      for (const attempt of [first, lower, better, rival]) await store.retainAttempt(attempt, 10);
      const topic = newTopic(author!);
      await store.createTopic(topic);
      const reply = newReply(topic, other!);
      await store.addReply(reply);
      const proposal = await store.createProposal(newProposal(author!));
      const revised = newRevision();
      await store.addRevision(proposal.number, author!.id, revised);
      await store.addReview(proposal.number, { revision: undefined, reviewerId: other!.id, stance: 'support', comment: 'Yes.', createdAt: at(90_000) });
      await store.transitionProposal(proposal.number, { to: 'under-review', allowedFrom: ['open'], reason: 'Reviewed.', at: at(90_001) });
      const arrival = newArrival();
      await store.recordArrival(arrival, 10);

      const events = await store.eventsAfter(0, {}, 100);
      const number = String(proposal.number);
      const attempt = (a: typeof first) => event('attempt.retained', a.id, DAY_1, a.agentId, a.createdAt);
      const standing = (a: typeof first) => event('standings.changed', a.id, DAY_1, a.agentId, a.createdAt);
      // One group per write: the record's own event first, then (in the store's order) the standings and field it moved.
      const writes = [
        [attempt(first), standing(first), event('field.changed', DAY_1, 'forming', null, first.createdAt)],
        [attempt(lower)],
        [attempt(better), standing(better)],
        [attempt(rival), standing(rival), event('field.changed', DAY_1, 'competitive', null, rival.createdAt)],
        [event('topic.created', topic.id, 'general', author!.id, topic.createdAt)],
        [event('reply.added', reply.id, topic.id, other!.id, reply.createdAt)],
        [event('proposal.created', number, '1', author!.id, proposal.createdAt)],
        [event('proposal.revised', number, '2', author!.id, revised.createdAt)],
        [event('review.added', number, '2', other!.id, at(90_000))],
        [event('proposal.status', number, '2', author!.id, at(90_001))],
        [event('arrival.recorded', arrival.id, null, null, arrival.arrivedAt)],
      ];
      const stated = withoutIds(events);
      let offset = 0;
      for (const write of writes) {
        const written = stated.slice(offset, offset + write.length);
        expect(written[0]).toEqual(write[0]);
        expect(written).toHaveLength(write.length);
        expect(written).toEqual(expect.arrayContaining(write));
        offset += write.length;
      }
      expect(stated).toHaveLength(offset);
      const ids = events.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
      expect(await store.eventIds()).toEqual({ newest: ids.at(-1), settled: ids.at(-1) });
    });

    it('reads after any id, a page at a time, with the kind and agent filters', async () => {
      const { store } = context;
      const [one, two] = await registeredAgents(store, 2);
      for (let index = 0; index < 6; index++) await store.retainAttempt(newAttempt(index % 2 ? two! : one!, { date: index < 3 ? DAY_1 : DAY_2, score: index }), 10);
      await store.createTopic(newTopic(two!));
      const all = await store.eventsAfter(0, {}, 1000);
      // Page by page from any id: nothing missed, nothing repeated.
      const paged: EventRecord[] = [];
      for (let after = 0; ; ) {
        const page = await store.eventsAfter(after, {}, 3);
        if (page.length === 0) break;
        paged.push(...page);
        after = page.at(-1)!.id;
      }
      expect(paged).toEqual(all);
      expect(await store.eventsAfter(all[4]!.id, {}, 1000)).toEqual(all.slice(5));
      expect(await store.eventsAfter(0, { kinds: ['topic.created', 'field.changed'] }, 1000)).toEqual(all.filter((e) => e.kind === 'topic.created' || e.kind === 'field.changed'));
      // One kind the events table keeps, one kind that is a record's own, and both, a page at a time.
      expect(await store.eventsAfter(0, { kinds: ['standings.changed'] }, 1000)).toEqual(all.filter((e) => e.kind === 'standings.changed'));
      expect(await store.eventsAfter(0, { kinds: ['attempt.retained'] }, 1000)).toEqual(all.filter((e) => e.kind === 'attempt.retained'));
      expect(await store.eventsAfter(all[1]!.id, { kinds: ['attempt.retained', 'standings.changed'] }, 3)).toEqual(
        all
          .slice(2)
          .filter((e) => e.kind === 'attempt.retained' || e.kind === 'standings.changed')
          .slice(0, 3),
      );
      expect(await store.eventsAfter(0, { agentId: two!.id }, 1000)).toEqual(all.filter((e) => e.agentId === two!.id));
      expect(await store.eventsAfter(0, { agentId: two!.id, kinds: ['attempt.retained'] }, 1000)).toHaveLength(3);
      expect(await store.eventsAfter(0, { agentId: 'agt_nobody' }, 1000)).toEqual([]);
    });

    it('lets a reader polling by id while writes commit concurrently miss nothing and see nothing twice', async () => {
      const stores = await context.stores();
      const agents = await registeredAgents(context.store, 6);
      const written: string[] = [];
      let writing = true;
      const seen: EventRecord[] = [];
      // An empty page ends the reading only once the writes are over and every event is settled:
      // on PostgreSQL a transaction in progress anywhere on the server (another test's database)
      // holds back what a look gives, so an empty page alone is not the end.
      const reader = (async () => {
        let allSettled = false;
        for (let after = 0; ; ) {
          const page = await context.store.eventsAfter(after, { kinds: ['attempt.retained'] }, 7);
          seen.push(...page);
          if (page.length > 0) {
            after = page.at(-1)!.id;
            continue;
          }
          if (allSettled) return;
          if (!writing) {
            const ids = await context.store.eventIds();
            allSettled = ids.settled >= ids.newest;
          }
          if (!allSettled) await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();
      await Promise.all(
        agents.map(async (agent, index) => {
          for (let round = 0; round < 5; round++) {
            const attempt = newAttempt(agent, { score: round * 3 + index, reachedExit: round % 2 === 0 });
            await stores[index % stores.length]!.retainAttempt(attempt, 10);
            written.push(attempt.id);
          }
        }),
      );
      writing = false;
      await reader;
      expect(seen.map((e) => e.subject).sort()).toEqual([...written].sort());
      expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    });

    it('adds no event for a write that was refused or already made', async () => {
      const { store } = context;
      const [agent] = await registeredAgents(store, 1);
      await store.retainAttempt(newAttempt(agent!, { requestDigest: 'a'.repeat(64) } as never), 10);
      const before = (await store.eventIds()).newest;
      // The same request again: its attempt is found, not written twice, and no event is added.
      await store.retainAttempt(newAttempt(agent!, { requestDigest: 'a'.repeat(64) } as never), 10);
      expect(await store.addReply(newReply({ id: 'top_missing' }, agent!))).toBeNull();
      expect(await store.eventIds()).toEqual({ newest: before, settled: before });
    });
  });
}
