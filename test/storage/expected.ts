/**
 * The league's figures recomputed in the test from the attempts it retained, to compare with
 * what the store's triggers kept. Orders are JavaScript string comparisons (code units), which
 * is the bytewise order both families are set up to use.
 */
import type { AgentRecord } from '../../core/agents/records.ts';
import type { AttemptRecord, DayCounts, SeasonRow, StandingRow } from '../../core/league/records.ts';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function expectedDayCounts(attempts: AttemptRecord[], date: string): DayCounts {
  const ofDay = attempts.filter((attempt) => attempt.date === date);
  return {
    date,
    fieldSize: new Set(ofDay.map((attempt) => attempt.agentId)).size,
    finisherCount: new Set(ofDay.filter((attempt) => attempt.reachedExit).map((attempt) => attempt.agentId)).size,
    attemptCount: ofDay.length,
  };
}

/** Each agent's best of the day: the highest score, ties to its earlier (lower-numbered) attempt. */
function dailyBests(attempts: AttemptRecord[], date: string) {
  const byAgent = new Map<string, AttemptRecord[]>();
  for (const attempt of attempts.filter((a) => a.date === date)) {
    byAgent.set(attempt.agentId, [...(byAgent.get(attempt.agentId) ?? []), attempt]);
  }
  return [...byAgent.entries()].map(([agentId, own]) => {
    const inOrder = [...own].sort((a, b) => a.number - b.number);
    const best = inOrder.reduce((kept, attempt) => (attempt.score > kept.score ? attempt : kept));
    return { agentId, best, finished: own.some((a) => a.reachedExit), attempts: own.length };
  });
}

export function expectedStandings(attempts: AttemptRecord[], agents: Map<string, AgentRecord>, date: string): StandingRow[] {
  return dailyBests(attempts, date)
    .sort((a, b) => b.best.score - a.best.score || byText(a.best.createdAt, b.best.createdAt) || byText(a.best.id, b.best.id))
    .map((entry, index) => {
      const agent = agents.get(entry.agentId)!;
      return {
        rank: index + 1,
        agent: { id: agent.id, handle: agent.handle, displayName: agent.displayName },
        bestScore: entry.best.score,
        finished: entry.finished,
        bestAttemptId: entry.best.id,
        achievedAt: entry.best.createdAt,
        attempts: entry.attempts,
      };
    });
}

export function expectedSeason(attempts: AttemptRecord[], agents: Map<string, AgentRecord>): SeasonRow[] {
  const totals = new Map<string, { total: number; days: number }>();
  for (const date of new Set(attempts.map((attempt) => attempt.date))) {
    for (const { agentId, best } of dailyBests(attempts, date)) {
      const sum = totals.get(agentId) ?? { total: 0, days: 0 };
      totals.set(agentId, { total: sum.total + best.score, days: sum.days + 1 });
    }
  }
  return [...totals.entries()]
    .map(([agentId, sum]) => ({ agent: agents.get(agentId)!, ...sum }))
    .sort((a, b) => b.total - a.total || byText(a.agent.createdAt, b.agent.createdAt) || byText(a.agent.id, b.agent.id))
    .map((entry, index) => ({
      rank: index + 1,
      agent: { id: entry.agent.id, handle: entry.agent.handle, displayName: entry.agent.displayName },
      total: entry.total,
      days: entry.days,
    }));
}

/** Every item of a keyset listing, page by page, checking each page's size on the way. */
export async function allPages<Item>(
  limit: number,
  fetchPage: (after: string | undefined) => Promise<{ items: Item[]; next: string | null }>,
): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let after: string | undefined;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(after);
    if (page.items.length > limit) throw new Error(`page ${pages} has ${page.items.length} items, more than ${limit}`);
    items.push(...page.items);
    if (page.next === null) return { items, pages };
    if (page.items.length !== limit) throw new Error(`page ${pages} has ${page.items.length} items and a next page`);
    after = page.next;
  }
}
