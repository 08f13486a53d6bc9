import { randomUUID } from 'node:crypto';
import { SendMessageRequest, Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, RestTransportFactory, type Client as A2AClient } from '@a2a-js/sdk/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { finishingTape, freshNonce } from '../support/fixtures/league.ts';
import { client } from '../support/http.ts';
import { startArena, type RunningArena } from '../support/servers.ts';

/**
 * An agent's whole errand through each bridge, with the official clients: join the league,
 * submit with the key from the connection's own header, read the standings and verify the
 * receipt, never calling the HTTP API itself.
 */

let arena: RunningArena;
const baseUrl = () => arena.baseUrl;
const api = client(baseUrl);

beforeAll(async () => {
  arena = await startArena('node', { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()) });
});
afterAll(async () => arena?.stop());

const handle = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describe('an MCP session with the official client', () => {
  const connect = async (apiKey?: string) => {
    const mcp = new Client({ name: 'session-test', version: '1.0.0' });
    const headers = apiKey ? { authorization: `Bearer ${apiKey}` } : undefined;
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), headers ? { requestInit: { headers } } : undefined));
    return mcp;
  };
  const callOn = async (mcp: Client, name: string, args: Record<string, unknown> = {}) => {
    const result = (await mcp.callTool({ name, arguments: args })) as Record<string, any>;
    expect(result.isError, `${name}: ${JSON.stringify(result).slice(0, 400)}`).toBeFalsy();
    return result.structuredContent as Record<string, any>;
  };

  let anonymous: Client;
  let keyed: Client;
  afterAll(async () => Promise.all([anonymous?.close(), keyed?.close()]));

  it('joins, submits with the key sent once in the connection’s header, reads standings and verifies the receipt', async () => {
    anonymous = await connect();
    const today = await callOn(anonymous, 'league.today');
    const me = handle('mcp');
    // No idempotencyKey: one is derived, so a retry of this very call would get the same key back.
    const joined = await callOn(anonymous, 'arena.join_daily_league', {
      challengeToken: today.challengeToken,
      actions: finishingTape(today.board),
      registrationNonce: freshNonce(),
      agent: { handle: me },
    });
    expect(joined).toMatchObject({ apiKey: expect.stringMatching(/^arena_/), agent: { handle: me }, remainingAttempts: 9 });

    keyed = await connect(joined.apiKey);
    const tape = 'UURRUURUURRRDUUR';
    const submitted = await callOn(keyed, 'league.submit', { challengeToken: today.challengeToken, actions: tape });
    expect(submitted).toMatchObject({ attempt: { number: 2, declaration: { handle: me } }, remainingAttempts: 8 });
    const again = await callOn(keyed, 'league.submit', { challengeToken: today.challengeToken, actions: tape });
    expect(again).toEqual(submitted);

    const standings = await callOn(keyed, 'league.standings_daily', {});
    expect(JSON.stringify(standings)).toContain(me);
    const attempts = await callOn(keyed, 'league.attempts', { agent: joined.agent.id, limit: 10 });
    expect(attempts.attempts).toHaveLength(2);

    const verdict = await callOn(keyed, 'arena.verify_receipt', { evidence: submitted.attempt.result });
    expect(verdict).toMatchObject({ valid: true, kind: 'receipt', game: 'packet-run', checked: expect.arrayContaining(['signature', 'checksum']) });
    const tampered = { ...submitted.attempt.result, breakdown: { ...submitted.attempt.result.breakdown, total: submitted.attempt.result.breakdown.total + 1 } };
    expect(await callOn(keyed, 'arena.verify_receipt', { evidence: tampered })).toMatchObject({ valid: false, reason: expect.stringMatching(/^breakdown\.total: the file says /) });

    // The key rotated by the connection's own header: that connection's key is refused from
    // then on, and a connection with the new key acts as the same agent.
    const rotated = await callOn(keyed, 'arena.rotate_key');
    expect(rotated).toMatchObject({ apiKey: expect.stringMatching(/^arena_/), keyGeneration: 1, created: true, agent: { id: joined.agent.id } });
    const stale = (await keyed.callTool({ name: 'league.submit', arguments: { challengeToken: today.challengeToken, actions: tape } })) as Record<string, any>;
    expect(stale.isError).toBe(true);
    expect(JSON.parse(stale.content[0].text)).toMatchObject({ status: 401 });
    const renewed = await connect(rotated.apiKey);
    expect(await callOn(renewed, 'league.submit', { challengeToken: today.challengeToken, actions: 'UURR' })).toMatchObject({ attempt: { declaration: { handle: me } } });
    expect(await callOn(renewed, 'arena.revoke_key')).toMatchObject({ revoked: true, keyGeneration: 1 });
    await renewed.close();
  });

  it('refuses a write that needs a key on a connection without one, with the route’s 401', async () => {
    anonymous ??= await connect();
    const today = await callOn(anonymous, 'league.today');
    const refused = (await anonymous.callTool({ name: 'league.submit', arguments: { challengeToken: today.challengeToken, actions: 'UURR' } })) as Record<string, any>;
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0].text)).toMatchObject({ status: 401, type: '/problems/unauthorized' });
  });
});

describe('an A2A session with the official SDK client', () => {
  const connect = async (apiKey?: string): Promise<A2AClient> => {
    const keyed: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (apiKey) headers.set('authorization', `Bearer ${apiKey}`);
      return fetch(input, { ...init, headers });
    };
    const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new RestTransportFactory({ fetchImpl: keyed })] });
    return new ClientFactory(options).createFromUrl(baseUrl());
  };
  /** Calls a skill by a data part naming it; the artifact's data, or the failure of a rejected task. */
  const skill = async (a2a: A2AClient, id: string, args: Record<string, unknown> = {}) => {
    const request = SendMessageRequest.fromJSON({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: { skill: id, arguments: args } }] } });
    const task = Task.toJSON((await a2a.sendMessage(request)) as Task) as Record<string, any>;
    expect(task.status.state, `${id}: ${JSON.stringify(task.status)}`).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts[0].name).toBe(id);
    return { data: task.artifacts[0].parts.find((part: any) => part.data).data as Record<string, any>, task };
  };

  it('joins, submits with the key in the request’s header, reads standings and verifies the receipt', async () => {
    const anonymous = await connect();
    const { data: today } = await skill(anonymous, 'league.today');
    const me = handle('a2a');
    const nonce = freshNonce();
    const { data: joined, task: joinTask } = await skill(anonymous, 'arena.join_daily_league', {
      challengeToken: today.challengeToken,
      actions: finishingTape(today.board),
      registrationNonce: nonce,
      agent: { handle: me },
    });
    expect(joined).toMatchObject({ apiKey: expect.stringMatching(/^arena_/), agent: { handle: me } });
    // The task is answered whole, key included, and not kept: GetTask finds nothing.
    await expect(anonymous.getTask({ tenant: '', id: joinTask.id, historyLength: 0 })).rejects.toThrow(/not kept/);

    const keyed = await connect(joined.apiKey);
    const { data: submitted } = await skill(keyed, 'league.submit', { challengeToken: today.challengeToken, actions: 'UURRUURUURRRDUUR' });
    expect(submitted).toMatchObject({ attempt: { number: 2, declaration: { handle: me } }, remainingAttempts: 8 });
    const { data: standings } = await skill(keyed, 'league.standings_daily');
    expect(JSON.stringify(standings)).toContain(me);
    const { data: verdict } = await skill(keyed, 'arena.verify_receipt', { evidence: submitted.attempt.result });
    expect(verdict).toMatchObject({ valid: true, game: 'packet-run' });
    // The HTTP API agrees: both attempts are kept, under the agent that joined.
    expect((await api.get(`/api/league/attempts?agent=${joined.agent.id}`)).body.attempts).toHaveLength(2);

    // The key lost: the nonce rotates a new one, and the old key's connection is refused.
    const { data: rotated } = await skill(anonymous, 'arena.rotate_key', { registrationNonce: nonce });
    expect(rotated).toMatchObject({ keyGeneration: 1, created: true, agent: { id: joined.agent.id } });
    const refused = Task.toJSON(
      (await keyed.sendMessage(
        SendMessageRequest.fromJSON({
          message: {
            messageId: randomUUID(),
            role: 'ROLE_USER',
            parts: [{ data: { skill: 'league.submit', arguments: { challengeToken: today.challengeToken, actions: 'UURR' } } }],
          },
        }),
      )) as Task,
    ) as Record<string, any>;
    expect(refused.status.state).toBe('TASK_STATE_REJECTED');
    expect(JSON.stringify(refused.status.message)).toContain('401');
    const { data: again } = await skill(await connect(rotated.apiKey), 'league.submit', { challengeToken: today.challengeToken, actions: 'UURR' });
    expect(again).toMatchObject({ attempt: { number: 3 } });
  });
});
