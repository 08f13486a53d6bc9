/**
 * The cluster suites' mixed load through a balancer (test/cluster/): writers and readers of every
 * kind, event streams that resume with `Last-Event-ID`, and the checks after a run: every
 * acknowledged write stored exactly once, and the figures, standings, exports and streams
 * agreeing with a recount of the rows.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { RECORD_EVENTS } from '../../storage/events/record-events.ts';
import { send, type Answer } from '../crash/crash-arena.ts';
import { nextWrite, TRACKED_TABLES, type Sent, type WriteLedger } from '../crash/write-ledger.ts';
import { writeHeaders } from '../support/agents.ts';
import { openEventStream } from '../support/event-stream.ts';
import { finishingTape, freshNonce } from '../support/fixtures/league.ts';
import { client } from '../support/http.ts';

/** Writers sending their next write as soon as the last is answered, and readers likewise. */
const WRITERS = 5;
const READERS = 2;

/** One request sent under load through the balancer: when, what came back (or nothing), and when. */
export interface Exchange {
  sentAt: number;
  endedAt: number;
  what: string;
  status: number | undefined;
}

/**
 * Every instance's environment: the settings compose.cluster.yaml gives each (but those it takes
 * from `.env`), the database, and keys of the test's own.
 */
export function instanceSettings(databaseUrl: string): Record<string, string> {
  const compose = parse(readFileSync(new URL('../../compose.cluster.yaml', import.meta.url), 'utf8'));
  const settings = Object.entries(compose.services['arena-1'].environment as Record<string, string>).filter(([, value]) => !value.includes('${'));
  expect(Object.fromEntries(settings)).toEqual({ ARENA_TRUST_PROXY: '1' });
  return {
    ...Object.fromEntries(settings),
    DATABASE_URL: databaseUrl,
    ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
    ARENA_SECRET: encodeBase64Url(randomSeed()),
    // Every client of the test has one address: the hourly budget of anonymous writes is not what is tested.
    ARENA_ANONYMOUS_WRITES_PER_HOUR: '0',
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Proposals whose first revision awaits its one review, and those sent one. */
export class Reviews {
  readonly proposals: { number: number; authorKey: string }[] = [];
  readonly assigned = new Set<number>();
  /** `<proposal>/<reviewer id>` of each review answered 201. */
  readonly answered = new Set<string>();

  next(ledger: WriteLedger, random: () => number, name: string): Sent | undefined {
    const proposal = this.proposals.find((proposal) => !this.assigned.has(proposal.number));
    const reviewers = ledger.agents.filter((agent) => agent.key !== proposal?.authorKey);
    if (!proposal || reviewers.length === 0) return undefined;
    this.assigned.add(proposal.number);
    const reviewer = reviewers[Math.floor(random() * reviewers.length)]!;
    return {
      kind: 'review',
      agentId: reviewer.id,
      request: {
        method: 'PUT',
        path: `/api/rules/${proposal.number}/review`,
        body: { revision: 1, stance: random() < 0.5 ? 'support' : 'oppose', comment: `Review ${name}` },
        headers: { 'idempotency-key': `cluster-${name}`, authorization: `Bearer ${reviewer.key}` },
      },
    };
  }
}

/** Three Clubhouse members with arena keys and a topic, through the balancer, in the ledger like every later write. */
export async function setUp(base: string, ledger: WriteLedger) {
  const api = client(() => base);
  const { challengeToken, challengeDate, board } = (await api.get('/api/league')).body;
  const league = { challengeToken, date: challengeDate as string, tape: finishingTape(board) };
  const settled = async (write: Sent) => {
    const answer = await send(base, write.request);
    expect(answer?.status, answer?.text).toBeLessThan(300);
    ledger.acknowledge(write, answer!);
    return answer!;
  };
  for (const handle of ['cluster-one', 'cluster-two', 'cluster-three']) {
    const body = { challengeToken, actions: league.tape, registrationNonce: freshNonce(), agent: { handle } };
    await settled({ kind: 'join', request: { method: 'POST', path: '/api/league/join', body, headers: writeHeaders() } });
    const agent = ledger.agents.at(-1)!;
    expect((await api.postJson('/api/social/join', {}, writeHeaders(agent.key))).status).toBe(200);
    agent.member = true;
  }
  const topic = { channel: 'general', title: 'Behind the balancer', body: 'Replies land here.' };
  await settled({ kind: 'topic', request: { method: 'POST', path: '/api/social/topics', body: topic, headers: writeHeaders(ledger.agents[0]!.key) } });
  return league;
}

export function acknowledge(ledger: WriteLedger, reviews: Reviews, write: Sent, answer: Answer): void {
  if (write.kind === 'review') {
    reviews.answered.add(`${write.request.path.split('/')[3]}/${answer.body.reviewer.id}`);
    return;
  }
  ledger.acknowledge(write, answer);
  if (write.kind === 'proposal') reviews.proposals.push({ number: answer.body.number, authorKey: write.request.headers.authorization!.slice('Bearer '.length) });
}

/** Still in flight: the first try holds the key on an instance that died (409 until the claim is stale). */
export const isInFlight = (answer: Answer) => answer.status === 409 && /still being processed/.test(answer.text);

/**
 * 2xx; a submit past the day's limit (409); a check-in past the client's 20 a day (429: every
 * client here has one address, the one the balancer forwards); a retry told its first try is
 * still in flight.
 */
export function expectLegitimate(write: Sent, answer: Answer): void {
  const what = `${write.request.method} ${write.request.path} (${write.request.headers['idempotency-key']}): ${answer.status} ${answer.text.slice(0, 300)}`;
  if (write.kind === 'submit' && answer.status === 409 && /attempts are already retained/.test(answer.body?.detail ?? '')) return;
  if (write.kind === 'arrival' && answer.status === 429 && /check-ins from this client/.test(answer.body?.detail ?? '')) return;
  if (isInFlight(answer)) return;
  expect([200, 201], what).toContain(answer.status);
}

/**
 * Writers and readers through the balancer until stopped. Writes that come back 2xx are
 * acknowledged in the ledger as they come; every request's outcome is kept.
 */
export function startLoad(base: string, ledger: WriteLedger, reviews: Reviews, league: { challengeToken: string; tape: string; date: string }, random: () => number) {
  let stopped = false;
  const sent: Sent[] = [];
  const exchanges: Exchange[] = [];
  let count = 0;
  const writer = async () => {
    while (!stopped) {
      const name = `cluster-${count++}`;
      const write = (random() < 0.1 && reviews.next(ledger, random, name)) || nextWrite(ledger, random, name, league);
      // A client naming an address of its own: the instances read the hop the balancer appends, never this one.
      if (write.kind === 'arrival') write.request.headers['x-forwarded-for'] = `203.0.113.${count % 250}`;
      sent.push(write);
      const sentAt = Date.now();
      const answer = await send(base, write.request);
      exchanges.push({ sentAt, endedAt: Date.now(), what: `${write.request.method} ${write.request.path}`, status: answer?.status });
      if (!answer) continue;
      write.answer = answer;
      if (answer.status < 500) expectLegitimate(write, answer);
      if (answer.status < 300) acknowledge(ledger, reviews, write, answer);
    }
  };
  const reads = [
    `/api/league/attempts?date=${league.date}`,
    '/api/leaderboard',
    '/api/stats',
    `/api/exports/attempts?date=${league.date}`,
    '/api/exports/topics',
    '/api/rules',
    '/api/league',
  ];
  const reader = async () => {
    while (!stopped) {
      const path = reads[Math.floor(random() * reads.length)]!;
      const sentAt = Date.now();
      const status = await fetch(`${base}${path}`)
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => undefined);
      exchanges.push({ sentAt, endedAt: Date.now(), what: `GET ${path}`, status });
      if (status !== undefined && status < 500) expect(status, `GET ${path}`).toBe(200);
    }
  };
  const running = Promise.all([...Array.from({ length: WRITERS }, writer), ...Array.from({ length: READERS }, reader)]);
  // A failed expectation stops the load; stop() throws it.
  running.catch(() => undefined);
  return {
    sent,
    async stop() {
      stopped = true;
      await running;
      return exchanges;
    },
  };
}

/** An event stream through the balancer that resumes from the last id it received whenever it ends or breaks. */
export function followStream(base: string) {
  const ids: number[] = [];
  let cursor: number | undefined;
  let stopped = false;
  let stop = () => {};
  let markOpened: () => void = () => {};
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const followed = {
    ids,
    /** The id each reconnection resumed after. */
    resumedAfter: [] as (number | undefined)[],
    reconnects: 0,
    opened,
    /** The id the first stream started after. */
    get startedAfter() {
      return cursor;
    },
    async reach(id: number) {
      const deadline = Date.now() + 30_000;
      while ((ids.at(-1) ?? cursor ?? 0) < id) {
        if (Date.now() > deadline) throw new Error(`a stream reached ${ids.at(-1)}, not ${id}, within 30 s`);
        await sleep(50);
      }
    },
    stop: () => {
      stopped = true;
      stop();
    },
  };
  void (async () => {
    while (!stopped) {
      const last = ids.at(-1) ?? cursor;
      if (last !== undefined) followed.resumedAfter.push(last);
      const reader = await openEventStream(`${base}/api/events`, { headers: last === undefined ? {} : { 'last-event-id': String(last) } }).catch(() => undefined);
      if (reader?.status !== 200) {
        followed.reconnects++;
        await sleep(100);
        continue;
      }
      stop = () => reader.close();
      try {
        for (;;) {
          const message = await reader.next(60_000);
          if (message.event === 'stream.opened') {
            if (cursor === undefined) cursor = Number(message.data.id);
            markOpened();
            continue;
          }
          ids.push(Number(message.id));
        }
      } catch {
        if (!stopped) followed.reconnects++;
      } finally {
        reader.close();
      }
    }
  })();
  return followed;
}

/** Every row a 2xx answer named is stored, and no other: none lost, none doubled. */
export async function expectExactlyOnce(db: pg.Client, ledger: WriteLedger, reviews: Reviews): Promise<void> {
  for (const table of TRACKED_TABLES) {
    const stored = (await db.query(`SELECT id FROM ${table}`)).rows.map((row) => row.id as string);
    expect(new Set(stored).size, `${table}: ids stored twice`).toBe(stored.length);
    // The setup's joins and topic are in the ledger too; the agents' join attempts are named by their joins.
    expect(stored.sort(), `${table}: the rows stored are those the answers named`).toEqual([...ledger.idsOf(table)].sort());
  }
  const stored = (await db.query('SELECT proposal_number, reviewer_id FROM proposal_reviews')).rows.map((row) => `${row.proposal_number}/${row.reviewer_id}`);
  expect(stored.sort(), 'the reviews stored are those the answers named').toEqual([...reviews.answered].sort());
}

/** The published counts, the day's standings and the exports, each against a recount of the rows. */
export async function expectFiguresRecount(base: string, db: pg.Client, date: string): Promise<void> {
  const api = client(() => base);
  const count = async (table: string) => Number((await db.query(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0].n);
  const stats = (await api.get('/api/stats')).body;
  expect(stats.totals).toEqual({ agents: await count('agents'), retainedAttempts: await count('attempts') });
  expect(stats.clubhouse).toMatchObject({ members: await count('clubhouse_members'), durableTopics: await count('clubhouse_topics'), replies: await count('clubhouse_replies') });
  expect(stats.rules).toMatchObject({ proposals: await count('proposals'), reviews: await count('proposal_reviews') });
  expect(stats.arrivals).toEqual({ checkIns: await count('arrivals') });

  const attempts = (await db.query('SELECT id, agent_id, score, reached_exit FROM attempts WHERE date = $1', [date])).rows;
  const best = new Map<string, { bestScore: number; attempts: number; finished: boolean }>();
  for (const attempt of attempts) {
    const seen = best.get(attempt.agent_id) ?? { bestScore: Number.NEGATIVE_INFINITY, attempts: 0, finished: false };
    best.set(attempt.agent_id, {
      bestScore: Math.max(seen.bestScore, attempt.score),
      attempts: seen.attempts + 1,
      finished: seen.finished || attempt.reached_exit === 1 || attempt.reached_exit === true,
    });
  }
  const standings: { agent: { id: string }; bestScore: number; attempts: number; finished: boolean }[] = [];
  let page = (await api.get(`/api/leaderboard/daily?date=${date}&limit=100`)).body;
  const day = page;
  standings.push(...page.standings);
  while (page.next) {
    page = (await api.get(`/api/leaderboard/daily?date=${date}&limit=100&cursor=${encodeURIComponent(page.next)}`)).body;
    standings.push(...page.standings);
  }
  expect(Object.fromEntries(standings.map((row) => [row.agent.id, { bestScore: row.bestScore, attempts: row.attempts, finished: row.finished }]))).toEqual(
    Object.fromEntries(best),
  );
  expect({ fieldSize: day.fieldSize, attemptCount: day.attemptCount, finisherCount: day.finisherCount }).toEqual({
    fieldSize: best.size,
    attemptCount: attempts.length,
    finisherCount: [...best.values()].filter((agent) => agent.finished).length,
  });

  const exported = async (path: string) =>
    (await (await fetch(`${base}${path}`)).text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line).id as string)
      .sort();
  expect(await exported(`/api/exports/attempts?date=${date}`)).toEqual(attempts.map((attempt) => attempt.id).sort());
  expect(await exported('/api/exports/topics')).toEqual((await db.query('SELECT id FROM clubhouse_topics')).rows.map((row) => row.id).sort());
  expect(await exported('/api/exports/arrivals')).toEqual((await db.query('SELECT id FROM arrivals')).rows.map((row) => row.id).sort());
}

/** Every event's id: the events table's and the records' that are events (not a proposal's first revision or status, which is the proposal's). */
export async function eventIds(db: pg.Client): Promise<number[]> {
  // Until an upgrade is finished the events table repeats the records' events (migration 0014): a record's is its row's.
  const kinds = RECORD_EVENTS.map(({ kind }) => kind);
  const ids = (await db.query('SELECT id FROM events WHERE NOT (kind = ANY($1))', [kinds])).rows.map((row) => Number(row.id));
  for (const { table, only } of RECORD_EVENTS) {
    const rows = await db.query(`SELECT event_id FROM ${table} r WHERE event_id IS NOT NULL${only ? ` AND ${only('r')}` : ''}`);
    ids.push(...rows.rows.map((row) => Number(row.event_id)));
  }
  return ids.sort((a, b) => a - b);
}

export async function newestEventId(db: pg.Client): Promise<number> {
  return (await eventIds(db)).at(-1) ?? 0;
}

/** The stream received every event after the one it started after, in order, each once. */
export async function expectEveryEvent(db: pg.Client, stream: ReturnType<typeof followStream>): Promise<void> {
  const after = stream.startedAfter ?? 0;
  const last = stream.ids.at(-1) ?? after;
  const expected = (await eventIds(db)).filter((id) => id > after && id <= last);
  const received = new Set(stream.ids);
  const missed = expected.filter((id) => !received.has(id));
  expect(missed, `events a stream missed (it resumed after ${stream.resumedAfter.join(', ')})`).toEqual([]);
  expect(stream.ids, `the events a stream received after ${after} through the balancer`).toEqual(expected);
}
