/**
 * Issue 10, finding 4: a durable write whose process is killed (SIGKILL) after the write
 * committed and before its answer was kept or sent. The same request sent again (same
 * Idempotency-Key, body and credential) is answered 409 with Retry-After while the dead claim
 * is under a minute old, and writes nothing; after the minute it is answered as the first
 * would have been, with the records the first wrote, and nothing is written twice. A route
 * whose answer is made again from its records (a league submit) needs no minute: its retry is
 * answered from them at once, as a replay.
 *
 * One crash server holds every route's write once it has committed and then kills itself
 * (see crash-server.ts); a second is killed inside a league join, between its agent and its
 * join attempt. The servers after them run on the same SQLite file, their clocks set so the
 * claims are fresh, then stale.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_AFTER_MS } from '../../core/http/idempotency.ts';
import { ReplyResponseSchema, TopicResponseSchema, JoinResponseSchema as ClubhouseJoinResponseSchema } from '../../core/social/responses.ts';
import { JoinResponseSchema, SubmitResponseSchema } from '../../core/league/responses.ts';
import { ProposalResponseSchema, RevisionResponseSchema, ReviewResponseSchema, StatusChangeResponseSchema } from '../../core/rules/responses.ts';
import { CheckInResponseSchema } from '../../core/arrival/responses.ts';
import { joinedAgent, writeHeaders } from '../support/agents.ts';
import { client } from '../support/http.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { addedRows, rowsWithout, snapshotOf, type Snapshot } from '../support/sqlite-snapshot.ts';
import { crashArena, dayKeepingOffset, send, type Answer, type CrashArena, type SentRequest } from './crash-arena.ts';

/** What a case needs of the records around it: the prerequisites, and what its crash inserted. */
interface Scene {
  get(path: string): Promise<any>;
  /** Rows the crash inserted into `table`. */
  inserted(table: string): any[];
}

/** The prerequisites' ids: agents, the topic replied to, the proposals revised, reviewed and moved. */
interface Ids {
  author: string;
  reviewer: string;
  newcomer: string;
  topic: string;
  revised: number;
  reviewed: number;
  moved: number;
}

interface Case {
  name: string;
  /** The store write after which the process dies. */
  write: string;
  request: SentRequest;
  status: number;
  schema: v.GenericSchema;
  /** Its answer is made again from its records, which hold its key (no claim): a retry is replayed at once. */
  answeredFromRecords?: true;
  /** The retry's answer is the first one's: the records the crash left, as the API shows them. */
  check(answer: Answer, scene: Scene): Promise<void>;
}

let arena: CrashArena;
let base = 0;
let scene: Scene;
let cases: Case[];
let halfwayJoin: SentRequest;
/** The database before the crashes, after the one that killed every route, after the halfway join. */
let beforeCrashes: Snapshot;
let afterRoutes: Snapshot;
let afterCrashes: Snapshot;
let crashedAt = 0;

const retry = (baseUrl: string, request: SentRequest) => send(baseUrl, request).then((answer) => answer ?? expect.fail(`no answer to ${request.path}`));

beforeAll(async () => {
  arena = await crashArena('lost-answer');
  base = dayKeepingOffset(15 * 60_000);
  const setup = await arena.start({ offsetMs: base });
  try {
    const url = () => setup.baseUrl;
    const api = client(url);
    const [author, reviewer, newcomer] = [await joinedAgent(url, 'crash-author'), await joinedAgent(url, 'crash-reviewer'), await joinedAgent(url, 'crash-newcomer')];
    const as = (agent: { key: string }) => writeHeaders(agent.key);
    expect((await api.postJson('/api/social/join', {}, as(author))).status).toBe(200);
    const topic = await api.postJson('/api/social/topics', { channel: 'general', title: 'Before the crash', body: 'Replies land here.' }, as(author));
    const proposal = (title: string) => api.postJson('/api/rules', { gameId: 'packet-run', title, summary: 'A summary.', ruleText: 'A rule.', rationale: 'A reason.' }, as(author));
    const [revised, reviewed, moved] = [await proposal('To revise'), await proposal('To review'), await proposal('To move')];
    for (const answer of [topic, revised, reviewed, moved]) expect(answer.status, answer.text).toBe(201);
    const { challengeToken, board } = (await api.get('/api/league')).body;
    const tape = finishingTape(board);
    const ids = {
      author: author.id,
      reviewer: reviewer.id,
      newcomer: newcomer.id,
      topic: topic.body.id,
      revised: revised.body.number,
      reviewed: reviewed.body.number,
      moved: moved.body.number,
    };
    cases = routeCases(ids, { author: author.key, reviewer: reviewer.key, newcomer: newcomer.key, operator: arena.operatorToken }, challengeToken, tape);
    halfwayJoin = {
      method: 'POST',
      path: '/api/league/join',
      body: { challengeToken, actions: tape, registrationNonce: freshNonce(), agent: { handle: 'crash-halfway' } },
      headers: { 'idempotency-key': freshKey() },
    };
  } finally {
    await setup.stop();
  }
  beforeCrashes = snapshotOf(arena.database);
}, 180_000);

afterAll(() => arena?.remove());

describe('a durable write killed between the write and its answer', () => {
  it('is committed, and its answer never sent', { timeout: 120_000 }, async () => {
    crashedAt = Date.now();
    afterRoutes = await crashWhileSending(
      cases.map((c) => c.write),
      cases.map((c) => c.request),
    );
    // Every route's write is there, once: its rows, and the rows its statement's triggers write
    // (a proposal's first revision and log entry, the new agent's standings), and its claim.
    const inserted = Object.fromEntries(
      Object.keys(afterRoutes.tables)
        .map((table) => [table, addedRows(beforeCrashes, afterRoutes, table).length])
        .filter(([, n]) => n !== 0),
    );
    expect(inserted).toEqual({
      agents: 1,
      attempts: 2,
      day_bests: 1,
      season_totals: 1,
      clubhouse_members: 1,
      clubhouse_topics: 1,
      clubhouse_replies: 1,
      proposals: 1,
      proposal_revisions: 2,
      proposal_reviews: 1,
      proposal_status_log: 2,
      arrivals: 1,
      // A claim for every write but the league submit, whose attempt holds its key.
      idempotency_records: cases.filter((c) => !c.answeredFromRecords).length,
      // No event row for a public record, which is its own event: one for the join's entry into
      // the standings alone.
      events: 1,
    });
    // The league join's agent is there, its join attempt not yet.
    afterCrashes = await crashWhileSending(['registerAgent'], [halfwayJoin]);
    expect(addedRows(afterRoutes, afterCrashes, 'agents')).toHaveLength(1);
    expect(addedRows(afterRoutes, afterCrashes, 'attempts')).toHaveLength(0);
    scene = { get: () => Promise.reject(new Error('no server yet')), inserted: (table) => addedRows(beforeCrashes, afterRoutes, table) };
  });

  it(`is refused 409 with Retry-After while its claim is under ${STALE_AFTER_MS / 1000} s old, and nothing is written`, { timeout: 120_000 }, async () => {
    // The clock is set back by the time the crashes took, so the claims are seconds old however slow this machine is.
    const server = await arena.start({ offsetMs: base - (Date.now() - crashedAt) });
    try {
      const held = cases.filter((c) => !c.answeredFromRecords);
      const answers = await Promise.all([...held.map((c) => c.request), halfwayJoin].map((request) => retry(server.baseUrl, request)));
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(409);
        expect(answer.body.type).toBe('/problems/conflict');
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    } finally {
      await server.stop();
    }
    expect(snapshotOf(arena.database)).toEqual(afterCrashes);
  });

  it('is replayed at once from its records where its answer is made from them (a league submit), and nothing is written', { timeout: 120_000 }, async () => {
    const server = await arena.start({ offsetMs: base - (Date.now() - crashedAt) });
    try {
      const fromRecords = cases.filter((c) => c.answeredFromRecords);
      expect(fromRecords.map((c) => c.name)).toEqual(['league submit']);
      const api = client(() => server.baseUrl);
      for (const c of fromRecords) {
        const answer = await retry(server.baseUrl, c.request);
        expect(answer.status, answer.text).toBe(c.status);
        expect(answer.headers.get('idempotency-replayed')).toBe('true');
        expect(() => v.parse(c.schema, answer.body)).not.toThrow();
        await c.check(answer, { ...scene, get: async (path) => (await api.get(path)).body });
      }
    } finally {
      await server.stop();
    }
    expect(snapshotOf(arena.database)).toEqual(afterCrashes);
  });

  describe(`retried once its claim is over ${STALE_AFTER_MS / 1000} s old`, () => {
    let server: Awaited<ReturnType<CrashArena['start']>>;
    const answers = new Map<string, Answer>();
    let afterRetries: Snapshot;

    beforeAll(async () => {
      server = await arena.start({ offsetMs: base + STALE_AFTER_MS + 1_000 });
      const retried = await Promise.all(cases.map((c) => retry(server.baseUrl, c.request)));
      cases.forEach((c, i) => answers.set(c.name, retried[i]!));
      afterRetries = snapshotOf(arena.database);
      scene.get = async (path) => {
        const answer = await client(() => server.baseUrl).get(path);
        expect(answer.status, answer.text).toBe(200);
        return answer.body;
      };
    }, 120_000);
    afterAll(() => server?.stop());

    it('writes nothing more: every table is as the crash left it, but for the answers now kept', () => {
      const doubled = Object.fromEntries(
        Object.keys(afterRetries.tables)
          .map((table) => [table, addedRows(afterCrashes, afterRetries, table).length])
          .filter(([, n]) => n !== 0),
      );
      expect(doubled).toEqual({});
      expect(rowsWithout(afterRetries, 'idempotency_records')).toEqual(rowsWithout(afterCrashes, 'idempotency_records'));
      const kept = afterRetries.tables.idempotency_records!.map((row) => JSON.parse(row));
      const before = new Set(afterCrashes.tables.idempotency_records);
      expect(kept).toHaveLength(afterCrashes.tables.idempotency_records!.length);
      const changed = kept.filter((row) => !before.has(JSON.stringify(row)));
      expect(changed).toHaveLength(cases.filter((c) => !c.answeredFromRecords).length);
      for (const row of changed) expect(row.state).toBe('completed');
    });

    it.each(['league join', 'league submit', 'Clubhouse join', 'topic', 'reply', 'proposal', 'revision', 'review', 'status move', 'arrival'])(
      '%s: answered as the first would have been, with the record the first wrote',
      async (name) => {
        const c = cases.find((candidate) => candidate.name === name)!;
        const answer = answers.get(name)!;
        expect(answer.status, answer.text).toBe(c.status);
        expect(() => v.parse(c.schema, answer.body)).not.toThrow();
        await c.check(answer, scene);
      },
    );

    it('completes a league join killed between its agent and its join attempt: one agent, one join attempt, created', async () => {
      const answer = await retry(server.baseUrl, halfwayJoin);
      expect(answer.status, answer.text).toBe(200);
      expect(() => v.parse(JoinResponseSchema, answer.body)).not.toThrow();
      const agent = addedRows(afterRoutes, afterCrashes, 'agents')[0];
      expect(answer.body).toMatchObject({ created: true, agent: { id: agent.id, handle: 'crash-halfway' }, attempt: { agentId: agent.id, kind: 'join', number: 1 } });
      expect(answer.body.attempt).toEqual(await scene.get(`/api/league/attempts/${answer.body.attempt.id}`));
      const after = snapshotOf(arena.database);
      expect(after.tables.agents).toEqual(afterCrashes.tables.agents);
      const attempts = addedRows(afterCrashes, after, 'attempts');
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ id: answer.body.attempt.id, agent_id: agent.id, kind: 'join' });
      // A replay now gives the same answer, kept this time.
      const replay = await retry(server.baseUrl, halfwayJoin);
      expect(replay.headers.get('idempotency-replayed')).toBe('true');
      expect(replay.body).toEqual(answer.body);
    });

    it('leaves counts that agree with the rows', async () => {
      const stats = await scene.get('/api/stats');
      const rows = snapshotOf(arena.database).tables;
      expect(stats.totals).toEqual({ agents: rows.agents!.length, retainedAttempts: rows.attempts!.length });
      expect(stats.clubhouse).toMatchObject({ members: rows.clubhouse_members!.length, durableTopics: rows.clubhouse_topics!.length, replies: rows.clubhouse_replies!.length });
      expect(stats.rules).toMatchObject({ proposals: rows.proposals!.length, reviews: rows.proposal_reviews!.length });
      expect(stats.arrivals).toEqual({ checkIns: rows.arrivals!.length });
    });
  });
});

/**
 * Starts a server that dies once each of `writes` has committed, sends `requests` to it at
 * once, and checks that none was answered; the database as the crash left it.
 */
async function crashWhileSending(writes: string[], requests: SentRequest[]): Promise<Snapshot> {
  const server = await arena.start({ offsetMs: base, crashAfter: writes });
  const answers: (Answer | undefined)[] = [];
  const sent = Promise.all(requests.map((request, i) => send(server.baseUrl, request).then((answer) => (answers[i] = answer))));
  // A write refused before it was made leaves the others held and the server alive: say so, not hang.
  let heldTooLong = false;
  const watchdog = setTimeout(() => {
    heldTooLong = true;
    void server.kill();
  }, 60_000);
  try {
    expect(await server.exited).toBe('SIGKILL');
    expect(heldTooLong, 'the server did not kill itself: some write was never made').toBe(false);
    await sent;
    expect(answers.map((answer) => answer && `${answer.status} ${answer.text}`)).toEqual(requests.map(() => undefined));
  } catch (error) {
    throw new Error(`${error}\nanswers: ${answers.map((answer) => answer && `${answer.status} ${answer.text}`).join('\n')}\n${server.output()}`);
  } finally {
    clearTimeout(watchdog);
    await server.kill();
  }
  return snapshotOf(arena.database);
}

/** One request per durable write route, each to be killed after its write. */
function routeCases(ids: Ids, keys: { author: string; reviewer: string; newcomer: string; operator: string }, challengeToken: string, tape: string): Case[] {
  const by = (key?: string) => writeHeaders(key);
  const one = (rows: any[], where: (row: any) => boolean) => {
    const found = rows.filter(where);
    expect(found).toHaveLength(1);
    return found[0];
  };
  const arrival = { displayName: 'Crash Visitor', model: 'unknown', sentBy: 'the crash test', purpose: 'Checking in as the process dies.', operatorAuthorized: true };
  return [
    {
      name: 'league join',
      write: 'retainJoinAttempt',
      request: {
        method: 'POST',
        path: '/api/league/join',
        body: { challengeToken, actions: tape, registrationNonce: freshNonce(), agent: { handle: 'crash-joiner' } },
        headers: by(),
      },
      status: 200,
      schema: JoinResponseSchema,
      async check({ body }, scene) {
        const agent = one(scene.inserted('agents'), () => true);
        const attempt = one(scene.inserted('attempts'), (row) => row.kind === 'join');
        expect(body).toMatchObject({ created: true, agent: { id: agent.id, handle: 'crash-joiner' }, attempt: { id: attempt.id, number: 1 }, remainingAttempts: 9 });
        expect(body.apiKey).toMatch(/^arena_/);
        expect(body.attempt).toEqual(await scene.get(`/api/league/attempts/${attempt.id}`));
      },
    },
    {
      name: 'league submit',
      write: 'retainAttempt',
      request: { method: 'POST', path: '/api/league/submit', body: { challengeToken, actions: 'UU' }, headers: by(keys.author) },
      status: 200,
      schema: SubmitResponseSchema,
      answeredFromRecords: true,
      async check({ body }, scene) {
        const attempt = one(scene.inserted('attempts'), (row) => row.kind === 'submit');
        expect(body).toMatchObject({ attempt: { id: attempt.id, agentId: ids.author, number: 2 }, remainingAttempts: 8 });
        expect(body.attempt).toEqual(await scene.get(`/api/league/attempts/${attempt.id}`));
      },
    },
    {
      name: 'Clubhouse join',
      write: 'joinClubhouse',
      request: { method: 'POST', path: '/api/social/join', body: {}, headers: by(keys.newcomer) },
      status: 200,
      schema: ClubhouseJoinResponseSchema,
      async check({ body }, scene) {
        one(scene.inserted('clubhouse_members'), (row) => row.agent_id === ids.newcomer);
        expect(body).toMatchObject({ created: true, member: { agent: { id: ids.newcomer }, via: 'league-key' }, agent: { id: ids.newcomer } });
      },
    },
    {
      name: 'topic',
      write: 'createTopic',
      request: { method: 'POST', path: '/api/social/topics', body: { channel: 'game-design', title: 'Written as the process died', body: 'Once.' }, headers: by(keys.author) },
      status: 201,
      schema: TopicResponseSchema,
      async check(answer, scene) {
        const topic = one(scene.inserted('clubhouse_topics'), () => true);
        expect(answer.body.id).toBe(topic.id);
        expect(answer.headers.get('location')).toBe(`/api/social/topics/${topic.id}`);
        expect(await scene.get(`/api/social/topics/${topic.id}`)).toEqual({ ...answer.body, replies: [], next: null });
      },
    },
    {
      name: 'reply',
      write: 'addReply',
      request: { method: 'POST', path: `/api/social/topics/${ids.topic}/replies`, body: { body: 'A reply as the process died.' }, headers: by(keys.author) },
      status: 201,
      schema: ReplyResponseSchema,
      async check(answer, scene) {
        const reply = one(scene.inserted('clubhouse_replies'), () => true);
        expect(answer.body.id).toBe(reply.id);
        expect(answer.headers.get('location')).toBe(`/api/social/topics/${ids.topic}`);
        expect((await scene.get(`/api/social/topics/${ids.topic}`)).replies).toEqual([answer.body]);
      },
    },
    {
      name: 'proposal',
      write: 'createProposal',
      request: {
        method: 'POST',
        path: '/api/rules',
        body: { gameId: 'packet-run', title: 'Filed as the process died', summary: 'Once.', ruleText: 'Once only.', rationale: 'A crash.' },
        headers: by(keys.author),
      },
      status: 201,
      schema: ProposalResponseSchema,
      async check(answer, scene) {
        const proposal = one(scene.inserted('proposals'), () => true);
        expect(answer.body).toMatchObject({ id: proposal.id, number: proposal.number });
        expect(answer.headers.get('location')).toBe(`/api/rules/${proposal.number}`);
        expect(await scene.get(`/api/rules/${proposal.number}`)).toEqual(answer.body);
      },
    },
    {
      name: 'revision',
      write: 'addRevision',
      request: { method: 'POST', path: `/api/rules/${ids.revised}/revisions`, body: { summary: 'Revised as the process died.' }, headers: by(keys.author) },
      status: 201,
      schema: RevisionResponseSchema,
      async check(answer, scene) {
        const revision = one(scene.inserted('proposal_revisions'), (row) => row.proposal_number === ids.revised);
        expect(answer.body).toMatchObject({ number: revision.number, summary: 'Revised as the process died.' });
        expect((await scene.get(`/api/rules/${ids.revised}`)).revisions).toEqual([expect.objectContaining({ number: 1 }), answer.body]);
      },
    },
    {
      name: 'review',
      write: 'addReview',
      request: {
        method: 'PUT',
        path: `/api/rules/${ids.reviewed}/review`,
        body: { revision: 1, stance: 'support', comment: 'Reviewed as the process died.' },
        headers: by(keys.reviewer),
      },
      status: 201,
      schema: ReviewResponseSchema,
      async check(answer, scene) {
        one(scene.inserted('proposal_reviews'), (row) => row.proposal_number === ids.reviewed);
        expect(answer.body).toMatchObject({ revision: 1, reviewer: { id: ids.reviewer }, stance: 'support' });
        expect((await scene.get(`/api/rules/${ids.reviewed}`)).reviews).toEqual([answer.body]);
      },
    },
    {
      name: 'status move',
      write: 'transitionProposal',
      request: { method: 'POST', path: `/api/rules/${ids.moved}/status`, body: { to: 'under-review', reason: 'Moved as the process died.' }, headers: by(keys.operator) },
      status: 200,
      schema: StatusChangeResponseSchema,
      async check(answer, scene) {
        one(scene.inserted('proposal_status_log'), (row) => row.proposal_number === ids.moved);
        expect(answer.body).toMatchObject({ number: ids.moved, change: { from: 'open', to: 'under-review', reason: 'Moved as the process died.' } });
        const proposal = await scene.get(`/api/rules/${ids.moved}`);
        expect(proposal.status).toBe('under-review');
        expect(proposal.statusLog).toEqual([expect.objectContaining({ from: null, to: 'open' }), answer.body.change]);
      },
    },
    {
      name: 'arrival',
      write: 'recordArrival',
      request: { method: 'POST', path: '/api/arrival', body: arrival, headers: by() },
      status: 201,
      schema: CheckInResponseSchema,
      async check(answer, scene) {
        const row = one(scene.inserted('arrivals'), () => true);
        expect(answer.body.arrival).toMatchObject({ id: row.id, displayName: 'Crash Visitor' });
        expect((await scene.get('/api/arrival')).arrivals).toEqual([answer.body.arrival]);
      },
    },
  ];
}
