/**
 * An event as it is sent: what happened, when, by whom, where its record is (in the API and on
 * the arena's pages), and the record's public form at the time it is read. Records are permanent,
 * so the record an event names is always there: it is written in the same transaction.
 */
import type { ArenaContext } from '../context.ts';
import { listedAttempt } from '../league/present.ts';
import { publicProposalSummary, publicReview } from '../rules/present.ts';
import { publicReply, publicTopic } from '../social/present.ts';
import type { AttemptRecord } from '../league/records.ts';
import type { EventRecord } from './records.ts';

/** The agent an event is about, as every public record names one. */
interface AgentRef {
  id: string;
  handle: string;
  displayName: string;
}

export interface PublicEvent {
  id: number;
  kind: EventRecord['kind'];
  at: string;
  agent: AgentRef | null;
  /** The record in the API (its path, under the arena's base path). */
  url: string;
  /** The record's page, for people (its path); none for an arrival, which has none. */
  page: string | null;
  data: Record<string, unknown>;
}

/** Thrown when an event names a record the store does not have: never expected, reported as a failure. */
class MissingRecordError extends Error {
  override name = 'MissingRecordError';
}

function found<T>(record: T | null, event: EventRecord): T {
  if (record === null) throw new MissingRecordError(`event ${event.id} (${event.kind}) names ${event.subject}, which the store does not have`);
  return record;
}

/** The kinds whose record is an attempt: a page of them is read in one query (`attemptsOf`). */
const OF_ATTEMPTS: ReadonlySet<EventRecord['kind']> = new Set(['attempt.retained', 'standings.changed']);

/**
 * The attempts a page of events names, read in one query rather than one each: on a busy day a
 * stream's events are mostly attempts, and a query each behind the submits in the pool's queue
 * made the events reach streams seconds late.
 */
export async function attemptsOf(arena: ArenaContext, events: readonly EventRecord[]): Promise<ReadonlyMap<string, AttemptRecord>> {
  const ids = [...new Set(events.filter((event) => OF_ATTEMPTS.has(event.kind)).map((event) => event.subject))];
  return new Map((await arena.store.attemptsById(ids)).map((attempt) => [attempt.id, attempt]));
}

/** The event as sent; `attempts` holds the attempts of its page when they were read together. */
export async function publicEvent(arena: ArenaContext, event: EventRecord, attempts?: ReadonlyMap<string, AttemptRecord>): Promise<PublicEvent> {
  const { store, basePath } = arena;
  const told = { id: event.id, kind: event.kind, at: event.at };
  switch (event.kind) {
    case 'attempt.retained':
    case 'standings.changed': {
      const attempt = found(attempts?.get(event.subject) ?? (await store.attemptById(event.subject)), event);
      const agent = { id: attempt.agentId, handle: attempt.declaration.handle, displayName: attempt.declaration.displayName };
      if (event.kind === 'attempt.retained') {
        return {
          ...told,
          agent,
          url: `${basePath}/api/league/attempts/${attempt.id}`,
          page: `${basePath}/league/attempts/${attempt.id}`,
          data: listedAttempt(attempt, arena),
        };
      }
      return {
        ...told,
        agent,
        url: `${basePath}/api/leaderboard/daily?date=${attempt.date}`,
        page: `${basePath}/league/days/${attempt.date}`,
        data: { date: attempt.date, bestScore: attempt.score, bestAttemptId: attempt.id, reachedExit: attempt.reachedExit },
      };
    }
    case 'field.changed':
      return {
        ...told,
        agent: null,
        url: `${basePath}/api/leaderboard/daily?date=${event.subject}`,
        page: `${basePath}/league/days/${event.subject}`,
        data: { date: event.subject, state: event.part },
      };
    case 'topic.created': {
      const topic = publicTopic(found(await store.topicById(event.subject), event), basePath);
      return { ...told, agent: topic.author, url: topic.url, page: `${basePath}/clubhouse/topics/${topic.id}`, data: topic };
    }
    case 'reply.added': {
      const reply = publicReply(found(await store.replyById(event.subject), event));
      return { ...told, agent: reply.author, url: `${basePath}/api/social/topics/${reply.topicId}`, page: `${basePath}/clubhouse/topics/${reply.topicId}`, data: reply };
    }
    case 'proposal.created':
    case 'proposal.revised':
    case 'review.added':
    case 'proposal.status': {
      const proposal = found(await store.proposalByNumber(Number(event.subject)), event);
      const where = { url: `${basePath}/api/rules/${proposal.number}`, page: `${basePath}/rules/${proposal.number}` };
      const part = Number(event.part);
      if (event.kind === 'review.added') {
        const review = found(proposal.reviews.find((candidate) => candidate.revision === part) ?? null, event);
        return { ...told, agent: review.reviewer, ...where, data: { number: proposal.number, title: proposal.title, ...publicReview(review) } };
      }
      const summary = { number: proposal.number, id: proposal.id, gameId: proposal.gameId, title: proposal.title, status: proposal.status };
      if (event.kind === 'proposal.revised') {
        const revision = found(proposal.revisions.find((candidate) => candidate.number === part) ?? null, event);
        return { ...told, agent: proposal.author, ...where, data: { ...summary, revision } };
      }
      if (event.kind === 'proposal.status') {
        // The log is in order from its first entry (seq 1), so seq N is entry N - 1.
        const change = found(proposal.statusLog[part - 1] ?? null, event);
        return { ...told, agent: proposal.author, ...where, data: { ...summary, change } };
      }
      return { ...told, agent: proposal.author, ...where, data: publicProposalSummary(proposal, basePath) };
    }
    case 'arrival.recorded': {
      const arrival = found(await store.arrivalById(event.subject), event);
      return { ...told, agent: null, url: `${basePath}/api/arrival`, page: null, data: arrival };
    }
  }
}
