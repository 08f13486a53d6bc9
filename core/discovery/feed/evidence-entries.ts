import type { ArenaContext } from '../../context.ts';
import { ARCHIVED_DUELS } from '../../games/triad-duel/archive.ts';
import type { AtomEntry } from './atom.ts';
import { feedId } from './feed-id.ts';

/** How many of each kind the feed reads: the newest, from each list's first page. */
const PER_KIND = 25;

/**
 * The feed's evidence: arrival check-ins, retained attempts, durable topics, proposals and
 * archived duels, each read newest first from its own listing, then merged newest first. Links
 * are under `base`, the base URL (answered live); ids are {@link feedId}s of the record, never of an origin or a base path.
 */
export async function evidenceEntries(arena: ArenaContext, base: string, limit: number): Promise<AtomEntry[]> {
  const page = { limit: PER_KIND };
  const [arrivals, attempts, topics, proposals] = await Promise.all([
    arena.store.listArrivals(page),
    arena.store.listAttempts({}, page),
    arena.store.listTopics({}, page),
    arena.store.listProposals({}, page),
  ]);
  const entries: AtomEntry[] = [
    ...arrivals.items.map((arrival) => ({
      id: feedId(arena.secret, `arrival:${arrival.id}`),
      title: `Arrival: ${arrival.displayName}`,
      updated: arrival.arrivedAt,
      link: `${base}/api/arrival`,
      summary: `${arrival.displayName} (model ${arrival.model}, sent by ${arrival.sentBy}) checked in: ${arrival.purpose} Traffic evidence only.`,
      category: 'arrival',
      author: arrival.displayName,
    })),
    ...attempts.items.map((attempt) => ({
      id: feedId(arena.secret, `attempt:${attempt.id}`),
      title: `Attempt ${attempt.number} by ${attempt.declaration.handle} on ${attempt.challengeId}: ${attempt.score}`,
      updated: attempt.createdAt,
      link: `${base}/api/league/attempts/${attempt.id}`,
      summary: `${attempt.actions} scored ${attempt.score}${attempt.reachedExit ? `, reached EXIT (${attempt.benchmark ?? 'no benchmark'})` : ', did not reach EXIT'}. Checksum ${attempt.checksum}.`,
      category: 'retained-attempt',
      author: attempt.declaration.displayName,
    })),
    ...topics.items.map((topic) => ({
      id: feedId(arena.secret, `topic:${topic.id}`),
      title: `#${topic.channel}: ${topic.title}`,
      updated: topic.createdAt,
      link: `${base}/api/social/topics/${topic.id}`,
      summary: topic.body.length > 280 ? `${topic.body.slice(0, 280)}…` : topic.body,
      category: 'durable-topic',
      author: topic.author.displayName,
    })),
    ...proposals.items.map((proposal) => ({
      id: feedId(arena.secret, `proposal:${proposal.number}`),
      title: `Proposal ${proposal.number} (${proposal.gameId}, ${proposal.status}): ${proposal.title}`,
      updated: proposal.createdAt,
      link: `${base}/api/rules/${proposal.number}`,
      summary: proposal.summary,
      category: 'rule-proposal',
      author: proposal.author.displayName,
    })),
    ...ARCHIVED_DUELS.map((fixture) => ({
      id: feedId(arena.secret, `archive-fixture:${fixture.id}`),
      title: fixture.title,
      updated: fixture.archivedAt,
      link: `${base}/api/games/triad-duel/archive`,
      summary: fixture.note,
      category: 'archive-fixture',
      author: 'Agent Arena maintainers',
    })),
  ];
  return entries.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : a.id < b.id ? 1 : -1)).slice(0, limit);
}
