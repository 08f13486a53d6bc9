import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArenaProblemError, ArenaUnreachableError, createArenaClient, OPERATIONS, type ArenaClient, type ArenaEvent, type Fetch, type OperationId } from '../../client/index.ts';
import { shortestExitTape } from '../../core/games/packet-run/exit-path.ts';
import { finishingTape, freshNonce } from '../support/fixtures/league.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

let arena: RunningArena;
let client: ArenaClient;
beforeAll(async () => {
  arena = await startArena('node', {});
  client = createArenaClient({ baseUrl: arena.baseUrl });
});
afterAll(() => arena?.stop());

/** A fetch that records what it sends and lets `fault` answer (or fail) in place of the arena. */
function recording(fault: (sent: number, url: string, init: RequestInit) => Promise<Response> | undefined = () => undefined) {
  const sent: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const send: Fetch = async (url, init) => {
    sent.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body });
    return (await fault(sent.length, url, init)) ?? fetch(url, init);
  };
  return { sent, send };
}

/** An answer whose body breaks (as a lost connection does) after `count` whole lines. */
function cutAfterLines(count: number) {
  return (answer: Response): Response => {
    let lines = 0;
    const cut = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = new TextDecoder().decode(chunk);
        const kept: string[] = [];
        for (const line of text.split(/(?<=\n)/)) {
          if (lines >= count) break;
          kept.push(line);
          if (line.endsWith('\n')) lines++;
        }
        if (kept.length > 0) controller.enqueue(new TextEncoder().encode(kept.join('')));
        if (lines >= count) controller.error(new TypeError('the connection was lost'));
      },
    });
    return new Response(answer.body!.pipeThrough(cut), answer);
  };
}

async function joined(handle: string) {
  const league = await client.getLeague();
  const answer = await client.joinLeague({
    body: { challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle, model: 'client-test' } },
  });
  return { league, answer, agent: createArenaClient({ baseUrl: arena.baseUrl, apiKey: answer.apiKey }) };
}

describe('the typed client (agent-arena/client), against a real arena', () => {
  it('plays the classic board, and a signed trial, with the answers typed', async () => {
    const run = await client.playPacketRun({ query: { actions: 'UURRUURUURRRDUUR', agent: 'client-test' } });
    expect(run).toMatchObject({ mode: 'classic-benchmark', reachedExit: true, breakdown: { total: 76 }, benchmark: 'OBSIDIAN' });
    expect(run.receipt.checksum).toMatch(/^sha256:/);

    const trial = await client.getPacketRunTrial();
    const tape = shortestExitTape(trial.board);
    const submitted = await client.submitPacketRunTrial({ body: { challengeToken: trial.challengeToken, actions: tape!.join('') } });
    expect(submitted).toMatchObject({ mode: 'signed-trial', reachedExit: true, registrationCapability: { token: expect.any(String) } });
  });

  it('joins the league, submits with the arena key, and reads the attempt and the standings', async () => {
    const { league, answer, agent } = await joined('client-agent');
    expect(answer).toMatchObject({ apiKey: expect.stringMatching(/^arena_/), agent: { handle: 'client-agent' }, remainingAttempts: 9 });
    const submitted = await agent.submitLeagueAttempt({ body: { challengeToken: league.challengeToken, actions: 'UURRDD' } });
    expect(submitted.remainingAttempts).toBe(8);
    const attempt = await client.getLeagueAttempt({ params: { id: submitted.attempt.id } });
    expect(attempt).toMatchObject({ id: submitted.attempt.id, number: 2, actions: 'UURRDD' });
    const standings = await client.getLeaderboard({ query: { limit: 5 } });
    expect(standings.daily.standings.map((standing) => standing.agent.handle)).toContain('client-agent');
    expect(await client.getLlmsTxt()).toContain('# ');
  });

  it('turns a problem document into a typed ArenaProblemError', async () => {
    const invalid = await client.playPacketRun({ query: { actions: 'UUXRR' } }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ArenaProblemError);
    const problem = invalid as ArenaProblemError;
    expect(problem).toMatchObject({ status: 400, slug: 'invalid-request', operationId: 'playPacketRun', title: 'The request is not valid' });
    expect(problem.errors.map((error) => error.path)).toEqual(['actions']);
    expect(problem.is('invalid-request')).toBe(true);
    expect(problem.requestId).toEqual(expect.any(String));
    expect(problem.message).toMatch(/^GET \/api\/games\/packet-run\/play answered 400: /);

    const missing = await client.getLeagueAttempt({ params: { id: 'att_nothing' } }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404, slug: 'not-found' });
    const keyless = await client.submitLeagueAttempt({ body: { challengeToken: 'x', actions: 'U' } }).catch((error: unknown) => error);
    expect(keyless).toMatchObject({ status: 401, slug: 'unauthorized' });
  });

  it('sends a write whose answer was lost again, with the same Idempotency-Key and body, and it is done once', async () => {
    const { league, answer } = await joined('retrying-agent');
    // The first submit reaches the arena, which keeps it; its answer never comes back.
    const lossy = recording((sent, url, init) => (sent === 1 ? fetch(url, init).then(() => Promise.reject(new TypeError('fetch failed'))) : undefined));
    const agent = createArenaClient({ baseUrl: arena.baseUrl, apiKey: answer.apiKey, fetch: lossy.send, retry: { maxWaitSeconds: 0.05 } });
    const submitted = await agent.submitLeagueAttempt({ body: { challengeToken: league.challengeToken, actions: 'UURR' } });
    expect(lossy.sent).toHaveLength(2);
    const [first, second] = lossy.sent;
    expect(first!.headers.get('idempotency-key')).toMatch(/^arena-client-[0-9a-f-]{36}$/);
    expect(second!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
    expect(second!.body).toBe(first!.body);
    // Answered once: the retry got the first attempt's answer, and one attempt was spent.
    expect(submitted).toMatchObject({ attempt: { number: 2 }, remainingAttempts: 8 });
    const next = await agent.submitLeagueAttempt({ body: { challengeToken: league.challengeToken, actions: 'UURR' } });
    expect(next).toMatchObject({ attempt: { number: 3 }, remainingAttempts: 7 });
  });

  it('waits out a 409 or 503 with Retry-After on a read or a durable write, and gives up after its attempts', async () => {
    const busy = (status: number) => Promise.resolve(new Response('{}', { status, headers: { 'retry-after': '1', 'content-type': 'application/problem+json' } }));
    const once = recording((sent) => (sent === 1 ? busy(503) : undefined));
    const patient = createArenaClient({ baseUrl: arena.baseUrl, fetch: once.send, retry: { maxWaitSeconds: 0.05 } });
    expect((await patient.getLeague()).challengeToken).toEqual(expect.any(String));
    expect(once.sent).toHaveLength(2);

    const always = recording(() => busy(409));
    const refused = await createArenaClient({ baseUrl: arena.baseUrl, fetch: always.send, retry: { attempts: 2, maxWaitSeconds: 0.05 } })
      .joinLeague({ body: { challengeToken: 'x', actions: 'U', registrationNonce: freshNonce(), agent: { handle: 'never' } } })
      .catch((error: unknown) => error);
    expect(always.sent).toHaveLength(2);
    expect(refused).toMatchObject({ status: 409, retryAfter: 1 });
  });

  it('sends a write that is not durable once: with no key, a second send could do it twice', async () => {
    const down = recording(() => Promise.reject(new TypeError('fetch failed')));
    const lost = await createArenaClient({ baseUrl: arena.baseUrl, fetch: down.send, retry: { maxWaitSeconds: 0.05 } })
      .submitPacketRunTrial({ body: { challengeToken: 'x', actions: 'U' } })
      .catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ArenaUnreachableError);
    expect(lost).toMatchObject({ attempts: 1, message: expect.stringContaining('did not answer') });
    expect(down.sent).toHaveLength(1);
    expect(down.sent[0]!.headers.has('idempotency-key')).toBe(false);
  });

  it('follows the live events, resuming after the last id when the connection is lost: each event once, in order', async () => {
    const { agent } = await joined('client-follower');
    const league = await client.getLeague();
    // The first connection breaks after its first message and one event; later ones are left whole.
    const breaking = recording((sent, url, init) => (sent === 1 ? fetch(url, init).then(cutAfterLines(2)) : undefined));
    const aborter = new AbortController();
    const follower = createArenaClient({ baseUrl: arena.baseUrl, fetch: breaking.send });
    const events = await follower.streamEvents({ query: { kind: 'attempt.retained' }, signal: aborter.signal });
    const tape = (finishing: boolean) => (finishing ? finishingTape(league.board) : 'U');
    const written: string[] = [];
    for (const finishing of [true, false, true])
      written.push((await agent.submitLeagueAttempt({ body: { challengeToken: league.challengeToken, actions: tape(finishing) } })).attempt.id);
    const seen: ArenaEvent[] = [];
    for await (const event of events) {
      seen.push(event);
      if (event.data?.id === written.at(-1)) break;
    }
    aborter.abort();
    expect(seen.map((event) => event.kind)).toEqual(['attempt.retained', 'attempt.retained', 'attempt.retained']);
    expect(seen.map((event) => event.data?.id)).toEqual(written);
    expect(breaking.sent).toHaveLength(2);
    expect(breaking.sent[1]!.headers.get('last-event-id')).toBe(String(seen[0]!.id));
    await expect(client.streamEvents({ query: { agent: 'nobody-at-all' } })).rejects.toMatchObject({ status: 404, slug: 'not-found' });
  });

  it('calls every operation of the route table: an answer, or a refusal as a typed problem', async () => {
    const outcomes: Record<string, string> = {};
    for (const [operationId, operation] of Object.entries(OPERATIONS) as [OperationId, (typeof OPERATIONS)[OperationId]][]) {
      const input = {
        ...(operation.path.includes(':') ? { params: { id: 'x', number: 1, slug: 'not-found', date: '2026-11-21', handle: 'no-such-agent' } } : {}),
        ...(operation.method === 'GET' ? {} : { body: {} }),
      };
      outcomes[operationId] = await (client.call as (id: OperationId, input: object) => Promise<unknown>)(operationId, input).then(
        () => 'answered',
        (error: unknown) => (error instanceof ArenaProblemError ? `${error.status} ${error.slug ?? 'other'}` : String(error)),
      );
    }
    expect(Object.keys(outcomes)).toHaveLength(Object.keys(OPERATIONS).length);
    for (const [operationId, outcome] of Object.entries(outcomes)) expect(outcome, operationId).toMatch(/^(answered|4\d\d [a-z-]+|503 service-unavailable)$/);
    expect(outcomes).toMatchObject({
      getLeague: 'answered',
      getFeed: 'answered',
      joinLeague: '400 invalid-request',
      getMetrics: '503 service-unavailable',
      getProblemType: 'answered',
    });
  }, 60_000);
});
