import { afterEach, describe, expect, it } from 'vitest';
import { finishingTape, freshKey, stuckTape } from '../support/fixtures/league.ts';
import { joinedAgent, writeHeaders } from '../support/agents.ts';
import { openEventStream, type EventStreamReader, type StreamMessage } from '../support/event-stream.ts';
import { client, expectProblem } from '../support/http.ts';
import { readScrape } from '../support/prometheus.ts';
import type { Target } from './define.ts';

/** The conformance servers' heartbeat (ARENA_EVENTS_HEARTBEAT_MS in define.ts). */
export const EVENTS_HEARTBEAT_MS = 1000;

const ids = (messages: StreamMessage[]) => messages.map((message) => Number(message.id));

/** The live events: what each write sends, in order, resumed after a disconnect, filtered, bounded. */
export function liveEvents(target: Target): void {
  const api = client(target.baseUrl);
  const url = (query = '') => `${target.baseUrl()}/api/events${query}`;
  let handles = 0;
  const handle = () =>
    `ev-${target.runtime.slice(0, 3)}-${++handles}-${freshKey()
      .slice(0, 6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;

  /** A league submit by `agent`: the attempt's id. */
  async function submit(agent: { key: string }, finishing: boolean): Promise<string> {
    const { challengeToken, board } = (await api.get('/api/league')).body;
    const answer = await api.postJson('/api/league/submit', { challengeToken, actions: finishing ? finishingTape(board) : stuckTape(board) }, writeHeaders(agent.key));
    expect(answer.status, answer.text).toBe(200);
    return answer.body.attempt.id;
  }

  /** A topic by `agent` (a Clubhouse member): its id. */
  async function topic(agent: { key: string }, title: string): Promise<string> {
    const answer = await api.postJson('/api/social/topics', { channel: 'general', title, body: 'Said live.' }, writeHeaders(agent.key));
    expect(answer.status, answer.text).toBe(201);
    return answer.body.id;
  }

  /** Event streams the server holds open now (its metrics). */
  const streamsOpen = async () => readScrape((await api.get('/metrics', { authorization: `Bearer ${target.operatorToken}` })).text).value('arena_event_streams_open', {});

  describe('live events', () => {
    // A server learns that a client went away a moment after it did: each test starts with none held.
    afterEach(async () => {
      for (let tries = 0; tries < 200 && (await streamsOpen()) > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await streamsOpen()).toBe(0);
    });

    it('sends each write as an event with its record, in the order written, as Server-Sent Events by default', async () => {
      const stream = await openEventStream(url(), { headers: { accept: '*/*' } });
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(stream.headers.get('cache-control')).toBe('no-store');
        const opened = await stream.next();
        expect(opened).toMatchObject({ event: 'stream.opened', data: { kind: 'stream.opened', kinds: null, agent: null, heartbeatSeconds: EVENTS_HEARTBEAT_MS / 1000 } });
        expect(opened.data.id).toBe(Number(opened.id));

        const agent = await joinedAgent(target.baseUrl, handle());
        const joined = await stream.until((message) => message.event === 'attempt.retained');
        const attempt = joined.at(-1)!;
        expect(attempt.data).toMatchObject({
          kind: 'attempt.retained',
          agent: { id: agent.id, handle: agent.handle },
          url: expect.stringMatching(new RegExp(`^${target.basePath}/api/league/attempts/`)),
          page: expect.stringMatching(new RegExp(`^${target.basePath}/league/attempts/`)),
        });
        // Its `url` is a path on the arena's origin, under its base path.
        const { result: _result, ...record } = (await fetch(new URL(attempt.data.url, target.baseUrl())).then((answer) => answer.json())) as Record<string, unknown>;
        expect(attempt.data.data).toEqual(record);

        // Then a lower attempt (no standings change), a topic, a reply: each one event, in order.
        const lower = await submit(agent, false);
        expect((await api.postJson('/api/social/join', {}, writeHeaders(agent.key))).status).toBe(200);
        const topicId = await topic(agent, 'Heard live');
        const reply = await api.postJson(`/api/social/topics/${topicId}/replies`, { body: 'And answered.' }, writeHeaders(agent.key));
        expect(reply.status, reply.text).toBe(201);
        const rest = await stream.until((message) => message.event === 'reply.added');
        const kinds = rest.map((message) => message.event).filter((kind) => kind !== 'standings.changed' && kind !== 'field.changed');
        expect(kinds).toEqual(['attempt.retained', 'topic.created', 'reply.added']);
        expect(rest.find((message) => message.event === 'attempt.retained')!.data.data.id).toBe(lower);
        expect(rest.find((message) => message.event === 'topic.created')!.data).toMatchObject({
          url: `${target.basePath}/api/social/topics/${topicId}`,
          data: { id: topicId, title: 'Heard live' },
        });
        expect(rest.at(-1)!.data.data).toMatchObject({ topicId, body: 'And answered.', author: { id: agent.id } });
        const all = [opened, ...joined, ...rest];
        for (const [index, id] of ids(all).entries()) if (index > 0) expect(id).toBeGreaterThan(ids(all)[index - 1]!);
      } finally {
        stream.close();
      }
    });

    it('keeps sending to the streams that stay once the one that started the instance reading has gone', async () => {
      const agent = await joinedAgent(target.baseUrl, handle());
      // The first stream's request starts the instance's reader of new events; the second follows it too.
      const first = await openEventStream(url(`?agent=${agent.handle}`));
      await first.next();
      await submit(agent, true);
      await first.until((message) => message.event === 'attempt.retained');
      const second = await openEventStream(url(`?agent=${agent.handle}`));
      try {
        await second.next();
        first.close();
        for (let tries = 0; tries < 200 && (await streamsOpen()) > 1; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
        expect(await streamsOpen()).toBe(1);
        const after = await submit(agent, false);
        const received = await second.until((message) => message.event === 'attempt.retained');
        expect(received.at(-1)!.data.data.id).toBe(after);
      } finally {
        second.close();
      }
    });

    it('resumes after a disconnect with Last-Event-ID, with nothing missed and nothing repeated', async () => {
      const agent = await joinedAgent(target.baseUrl, handle());
      const first = await openEventStream(url(`?agent=${agent.handle}`));
      const start = Number((await first.next()).id);
      const before = [await submit(agent, true), await submit(agent, false)];
      const received = await first.until((message) => message.data.data?.id === before[1]);
      // Gone mid-stream: what is written meanwhile is kept for the client, which resumes from the last id it saw.
      first.close();
      const meanwhile = [await submit(agent, false), await submit(agent, true)];
      const resumed = await openEventStream(url(`?agent=${agent.handle}`), { headers: { 'last-event-id': String(received.at(-1)!.id) } });
      try {
        const reopened = await resumed.next();
        expect(reopened.data).toMatchObject({ kind: 'stream.opened', id: Number(received.at(-1)!.id), agent: agent.handle });
        const after = await resumed.until((message) => message.data.data?.id === meanwhile[1]);
        // The whole run, read again from where the first stream started: the two parts, joined, are it.
        const whole = await openEventStream(url(`?agent=${agent.handle}&after=${start}`), { format: 'ndjson' });
        const everything = (await whole.until((message) => message.data.data?.id === meanwhile[1])).slice(1);
        whole.close();
        expect([...ids(received), ...ids(after)]).toEqual(ids(everything));
        expect(new Set(ids(everything)).size).toBe(everything.length);
        const attempts = [...received, ...after].filter((message) => message.event === 'attempt.retained').map((message) => message.data.data.id);
        expect(attempts).toEqual([...before, ...meanwhile]);
      } finally {
        resumed.close();
      }
    });

    it('streams NDJSON with Accept: application/x-ndjson, filtered by kind and agent', async () => {
      const [one, two] = [await joinedAgent(target.baseUrl, handle()), await joinedAgent(target.baseUrl, handle())];
      const stream = await openEventStream(url(`?kind=attempt.retained,topic.created&agent=${two.handle}`), { format: 'ndjson' });
      try {
        expect(stream.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
        expect((await stream.next()).data).toMatchObject({ kind: 'stream.opened', kinds: ['attempt.retained', 'topic.created'], agent: two.handle });
        await submit(one, true);
        const mine = await submit(two, true);
        const got = await stream.next();
        expect(got.data).toMatchObject({ kind: 'attempt.retained', agent: { handle: two.handle }, data: { id: mine } });
      } finally {
        stream.close();
      }
    });

    it('sends a heartbeat when nothing has happened for a while', async () => {
      const stream = await openEventStream(url('?kind=proposal.status'));
      const ndjson = await openEventStream(url('?kind=proposal.status'), { format: 'ndjson' });
      try {
        await stream.next();
        await ndjson.next();
        await stream.heartbeat(EVENTS_HEARTBEAT_MS * 5);
        await ndjson.heartbeat(EVENTS_HEARTBEAT_MS * 5);
      } finally {
        stream.close();
        ndjson.close();
      }
    });

    it('refuses what it cannot follow with a problem', async () => {
      const refused = async (query: string, headers: Record<string, string> = {}) => {
        const answer = await api.get(`/api/events${query}`, headers);
        expect(answer.headers.get('content-type')).toBe('application/problem+json');
        return answer;
      };
      expectProblem(await refused('?kind=attempt.retained,nonsense'), 400, 'invalid-request');
      expectProblem(await refused('?after=-1'), 400, 'invalid-request');
      expectProblem(await refused('?after=99999999999'), 400, 'invalid-request');
      expectProblem(await refused('', { 'last-event-id': 'yesterday' }), 400, 'invalid-request');
      expectProblem(await refused('?agent=nobody-at-all'), 404, 'not-found');
      expectProblem(await refused('?agent=Not%20A%20Handle'), 400, 'invalid-request');
    });

    it('holds at most 4 open streams per client, answering 429 past them, and frees a place when a client disconnects', async () => {
      const open: EventStreamReader[] = [];
      try {
        for (let index = 0; index < 4; index++) {
          const stream = await openEventStream(url());
          expect(stream.status).toBe(200);
          await stream.next();
          open.push(stream);
        }
        const fifth = await openEventStream(url());
        expect(fifth.status).toBe(429);
        expect(fifth.refusal).toMatchObject({ type: `${target.basePath}/problems/rate-limited`, status: 429 });
        expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await streamsOpen()).toBe(4);
        open.pop()!.close();
        // The server learns of the disconnect a moment later, and the place is free again.
        for (let tries = 0; tries < 200 && (await streamsOpen()) > 3; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
        const again = await openEventStream(url());
        expect(again.status).toBe(200);
        open.push(again);
      } finally {
        for (const stream of open) stream.close();
      }
    });
  });
}
