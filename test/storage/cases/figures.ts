/**
 * Day counts, daily standings, season standings and totals, compared with the same figures
 * recomputed here from the attempts the test retained: after scripted sequences with ties,
 * attempts that do not finish, several days and several agents.
 */
import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../core/store/errors.ts';
import type { AgentRecord } from '../../../core/agents/records.ts';
import type { AttemptRecord, NewAttempt } from '../../../core/league/records.ts';
import type { Store } from '../../../core/store/store.ts';
import type { SuiteContext } from '../store-suite.ts';
import { allPages, expectedDayCounts, expectedSeason, expectedStandings } from '../expected.ts';
import { at, DAY_1, DAY_2, DAY_3, newAgent, newAttempt, recordOf } from '../../support/fixtures/store-records.ts';
import { seededRandom } from '../../support/fixtures/seeded-random.ts';

/** Checks every figure the store keeps against the recomputed ones, whole and (unless `paged` is false) page by page. */
export async function expectFigures(store: Store, agents: Map<string, AgentRecord>, retained: AttemptRecord[], paged = true): Promise<void> {
  const dates = [...new Set(retained.map((attempt) => attempt.date))];
  for (const date of dates) {
    expect(await store.dayCounts(date)).toEqual(expectedDayCounts(retained, date));
    const standings = expectedStandings(retained, agents, date);
    expect((await store.dailyStandings(date, { limit: 1000 })).rows).toEqual(standings);
    const spread = new Map<number, number>();
    for (const row of standings) spread.set(row.bestScore, (spread.get(row.bestScore) ?? 0) + 1);
    expect(await store.scoreSpread(date)).toEqual([...spread].sort(([a], [b]) => a - b).map(([score, count]) => ({ score, agents: count })));
    for (const limit of paged ? [1, 2, 3] : []) {
      const pages = await allPages(limit, async (after) => {
        const { rows, next } = await store.dailyStandings(date, { limit, after });
        return { items: rows, next };
      });
      expect(pages.items).toEqual(standings);
    }
  }
  const tops = dates.sort().map((date) => ({ date, score: Math.max(...expectedStandings(retained, agents, date).map((row) => row.bestScore)) }));
  if (tops.length > 0) {
    expect(await store.dailyTopScores(tops[0]!.date, tops.at(-1)!.date)).toEqual(tops);
    expect(await store.dailyTopScores(tops.at(-1)!.date, tops.at(-1)!.date)).toEqual(tops.slice(-1));
  }
  for (const agentId of new Set(retained.map((attempt) => attempt.agentId))) {
    const days = dates
      .flatMap((date) =>
        expectedStandings(retained, agents, date)
          .filter((row) => row.agent.id === agentId)
          .map((row) => ({ date, bestScore: row.bestScore, bestAttemptId: row.bestAttemptId, finished: row.finished, attempts: row.attempts })),
      )
      .sort((a, b) => (a.date < b.date ? 1 : -1));
    expect(await store.agentDayBests(agentId, 100)).toEqual(days);
    expect(await store.agentDayBests(agentId, 1)).toEqual(days.slice(0, 1));
  }
  const season = expectedSeason(retained, agents);
  expect((await store.seasonStandings({ limit: 1000 })).rows).toEqual(season);
  for (const limit of paged ? [1, 2, 3] : []) {
    const pages = await allPages(limit, async (after) => {
      const { rows, next } = await store.seasonStandings({ limit, after });
      return { items: rows, next };
    });
    expect(pages.items).toEqual(season);
  }
  expect(await store.totals()).toEqual({ agents: agents.size, entrants: new Set(retained.map((attempt) => attempt.agentId)).size, attempts: retained.length });
}

export function figureCases(context: SuiteContext): void {
  describe('counts and standings', () => {
    const agents = new Map<string, AgentRecord>();
    let retained: AttemptRecord[] = [];

    async function join(fields: Parameters<typeof newAgent>[0] = {}) {
      const agent = newAgent(fields);
      await context.store.registerAgent(agent);
      agents.set(agent.id, recordOf(agent));
      return agent;
    }
    async function keep(attempt: NewAttempt, kind: 'join' | 'submit' = 'submit') {
      const result = kind === 'join' ? await context.store.retainJoinAttempt(attempt, 10) : await context.store.retainAttempt(attempt, 10);
      if ('attempt' in result) retained.push(result.attempt);
      return result;
    }

    it('starts from zero', async () => {
      agents.clear();
      retained = [];
      expect(await context.store.dayCounts(DAY_1)).toEqual({ date: DAY_1, fieldSize: 0, finisherCount: 0, attemptCount: 0 });
      expect(await context.store.dailyStandings(DAY_1, { limit: 10 })).toEqual({ rows: [], next: null });
      expect(await context.store.seasonStandings({ limit: 10 })).toEqual({ rows: [], next: null });
      expect(await context.store.totals()).toEqual({ agents: 0, entrants: 0, attempts: 0 });
    });

    it('breaks ties by time, then attempt id, and keeps a tied best with the earlier attempt', async () => {
      agents.clear();
      retained = [];
      const [a, b, c, d, e] = [await join(), await join(), await join(), await join(), await join()];
      const steps: [typeof a, Partial<NewAttempt>][] = [
        [a, { score: 30, createdAt: at(200), reachedExit: true }],
        [b, { score: 30, createdAt: at(100) }],
        // Same score, same time: the attempt id decides, bytewise ('att_B' before 'att_b').
        [c, { score: 30, createdAt: at(300), id: 'att_b' }],
        [d, { score: 30, createdAt: at(300), id: 'att_B', reachedExit: true }],
        [e, { score: 20, createdAt: at(50) }],
        [e, { score: 20, createdAt: at(60), reachedExit: true }],
        [a, { score: 10, createdAt: at(400) }],
        [e, { score: 25, createdAt: at(500) }],
        [e, { score: 25, createdAt: at(40) }],
        [b, { score: 31, createdAt: at(600), reachedExit: false }],
        // A later day, where e and a draw level on the season.
        [e, { score: 6, createdAt: at(90_000), date: DAY_2 }],
        [a, { score: 1, createdAt: at(90_001), date: DAY_2, reachedExit: true }],
      ];
      for (const [agent, fields] of steps) {
        await keep(newAttempt(agent, { date: DAY_1, ...fields }));
        await expectFigures(context.store, agents, retained, false);
      }
      await expectFigures(context.store, agents, retained);
      const standings = (await context.store.dailyStandings(DAY_1, { limit: 10 })).rows;
      expect(standings.map((row) => row.agent.id)).toEqual([b.id, a.id, d.id, c.id, e.id]);
      const best = standings.find((row) => row.agent.id === e.id)!;
      expect(best).toMatchObject({ bestScore: 25, achievedAt: at(500), attempts: 4, finished: true });
      const season = (await context.store.seasonStandings({ limit: 10 })).rows;
      expect(season.map((row) => [row.agent.id, row.total])).toEqual([
        [a.id, 31],
        [b.id, 31],
        [e.id, 31],
        [c.id, 30],
        [d.id, 30],
      ]);
    });

    it('keeps every figure exact over several days, agents, joins and attempts that do not finish', async () => {
      agents.clear();
      retained = [];
      const next = seededRandom(20310301);
      const field = [];
      for (let index = 0; index < 7; index++) field.push(await join());
      const days = [DAY_1, DAY_2, DAY_3];
      for (const [index, agent] of field.entries()) {
        await keep(newAttempt(agent, { kind: 'join', date: days[index % 3]!, reachedExit: true, score: Math.floor(next() * 40) }), 'join');
      }
      for (let step = 0; step < 90; step++) {
        const agent = field[Math.floor(next() * field.length)]!;
        const date = days[Math.floor(next() * days.length)]!;
        const result = await keep(newAttempt(agent, { date, score: Math.floor(next() * 45) - 5, reachedExit: next() < 0.3, createdAt: at(10_000 + Math.floor(next() * 50) * 10) }));
        expect('attempt' in result || 'limitReached' in result).toBe(true);
      }
      expect(retained.length).toBeGreaterThan(60);
      // An agent without attempts is in the totals but not in the season.
      await join();
      await expectFigures(context.store, agents, retained);
      expect((await context.store.seasonStandings({ limit: 1000 })).rows).toHaveLength(7);
    });

    it('throws InvalidCursorError for a cursor of another day or listing', async () => {
      agents.clear();
      retained = [];
      for (let index = 0; index < 3; index++) {
        const agent = await join();
        await keep(newAttempt(agent, { date: DAY_1 }));
        await keep(newAttempt(agent, { date: DAY_2 }));
      }
      const day = await context.store.dailyStandings(DAY_1, { limit: 1 });
      const season = await context.store.seasonStandings({ limit: 1 });
      expect(day.next).not.toBeNull();
      expect(season.next).not.toBeNull();
      await expect(context.store.dailyStandings(DAY_2, { limit: 1, after: day.next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.seasonStandings({ limit: 1, after: day.next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.dailyStandings(DAY_1, { limit: 1, after: season.next! })).rejects.toThrow(InvalidCursorError);
      await expect(context.store.listAttempts({}, { limit: 1, after: season.next! })).rejects.toThrow(InvalidCursorError);
      expect((await context.store.dailyStandings(DAY_1, { limit: 1, after: day.next! })).rows[0]!.rank).toBe(2);
      expect((await context.store.seasonStandings({ limit: 1, after: season.next! })).rows[0]!.rank).toBe(2);
    });
  });
}
