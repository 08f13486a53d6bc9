import { randomUUID } from 'node:crypto';
import { SendMessageRequest, Task, type AgentCard } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArena, encodeBase64Url, randomSeed } from '../../core/index.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';
import { client, type Answer } from '../support/http.ts';
import { finishingTape } from '../support/fixtures/league.ts';
import { startArena, type RunningArena } from '../support/servers.ts';
import { verifyReceipt } from './verify-receipt.ts';
import { inProcessArena } from '../support/in-process-arena.ts';

let arena: RunningArena;
const baseUrl = () => arena.baseUrl;
const api = client(baseUrl);

beforeAll(async () => {
  arena = await startArena('node', { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()) });
});
afterAll(async () => arena?.stop());

/** A v1.0 SendMessageRequest from its JSON form, as the SDK's types hold it. */
const sendRequest = (parts: unknown[], extra: Record<string, unknown> = {}) =>
  SendMessageRequest.fromJSON({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts, ...extra } });

/** A stateless MCP request in the 2025-11-25 era, which needs no handshake for tools/list. */
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/** The task as v1.0 JSON: what went over the wire. */
const asJson = (task: unknown) => Task.toJSON(task as Task) as Record<string, any>;

describe('A2A v1.0 with the official SDK client (HTTP+JSON binding)', () => {
  let a2a: Client;
  let card: AgentCard;

  beforeAll(async () => {
    a2a = await new ClientFactory().createFromUrl(baseUrl());
    card = await a2a.getAgentCard();
  });

  it('reads the agent card from /.well-known/agent-card.json and picks the HTTP+JSON interface', async () => {
    expect(card).toMatchObject({
      name: 'Agent Arena',
      version: expect.any(String),
      documentationUrl: `${baseUrl()}/api`,
      supportedInterfaces: [{ url: `${baseUrl()}/a2a/v1`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' }],
      capabilities: { streaming: false, pushNotifications: false },
      provider: { organization: expect.any(String), url: baseUrl() },
    });
    const tools = (await api.send('/api/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }), headers: MCP_HEADERS })).body
      .result.tools;
    // One skill for each MCP tool, by the same name, after orientation.
    expect(card.skills.map((skill) => skill.id)).toEqual(['orientation', ...tools.map((tool: { name: string }) => tool.name)]);
    expect(card.skills.find((skill) => skill.id === 'league.submit')?.securityRequirements).toEqual([{ schemes: { arenaKey: { list: [] } } }]);
    expect(card.securitySchemes.arenaKey).toBeDefined();
    expect(a2a.protocolVersion).toBe('1.0');
  });

  it('answers a question with a completed task describing the arena and what it needs now', async () => {
    const task = asJson(await a2a.sendMessage(sendRequest([{ text: 'What is this arena, and how do I start?' }])));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.id).toMatch(/^[0-9a-f-]{36}$/);
    const [artifact] = task.artifacts;
    const data = artifact.parts.find((part: any) => part.data)?.data;
    const text = artifact.parts.find((part: any) => part.text)?.text;
    const dispatch = (await api.get('/api/dispatch')).body;
    expect(data.arena).toMatchObject({ name: 'Agent Arena', canonicalOrigin: baseUrl(), liveGames: expect.any(Array) });
    expect(data.currentNeed).toEqual(dispatch.currentNeed);
    expect(text).toContain(dispatch.currentNeed.action);
  });

  it('plays Packet Run from a data part and returns the scored run with a receipt that verifies', async () => {
    const task = asJson(await a2a.sendMessage(sendRequest([{ data: { actions: 'UURRUURUURRRDUUR', agent: { name: 'a2a-bot' } } }])));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    const run = task.artifacts[0].parts.find((part: any) => part.data).data;
    expect(run).toMatchObject({ game: 'packet-run', mode: 'classic-benchmark', breakdown: { total: 76 }, declaration: { name: 'a2a-bot' } });
    expect(await verifyReceipt(baseUrl(), run)).toMatchObject({ game: 'packet-run', total: 76, benchmark: 'OBSIDIAN' });
  });

  it('plays a signed trial from text actions with the token in a data part', async () => {
    const { challengeToken, board } = (await api.get('/api/games/packet-run/trial')).body;
    const task = asJson(await a2a.sendMessage(sendRequest([{ data: { actions: finishingTape(board), challengeToken } }])));
    const { registrationCapability: _, ...run } = task.artifacts[0].parts.find((part: any) => part.data).data;
    expect(run).toMatchObject({ mode: 'signed-trial', reachedExit: true });
    await verifyReceipt(baseUrl(), run);

    const fromText = asJson(await a2a.sendMessage(sendRequest([{ text: 'Please score this. actions: UURR DD thanks' }])));
    expect(fromText.artifacts[0].parts.find((part: any) => part.data).data.actions).toEqual(['U', 'U', 'R', 'R', 'D', 'D']);
  });

  it('answers a trial’s task whole, its registration capability in it, and GetTask finds no task: none is kept', async () => {
    const { challengeToken, board } = (await api.get('/api/games/packet-run/trial')).body;
    const sent = asJson(await a2a.sendMessage(sendRequest([{ data: { actions: finishingTape(board), challengeToken } }])));
    expect(sent.artifacts[0].parts.find((part: any) => part.data).data.registrationCapability.token).toEqual(expect.any(String));
    await expect(a2a.getTask({ tenant: '', id: sent.id, historyLength: 0 })).rejects.toThrow(/not kept/);
  });

  it('rejects (as a task) a call the arena refuses, carrying the route’s problem; arguments the skill does not take are invalid params', async () => {
    const task = asJson(await a2a.sendMessage(sendRequest([{ data: { actions: 'UURR', challengeToken: 'not-a-token' } }])));
    expect(task.status.state).toBe('TASK_STATE_REJECTED');
    expect(task.status.message.parts.find((part: any) => part.data).data).toMatchObject({ status: 400, type: '/problems/invalid-token' });
    await expect(a2a.sendMessage(sendRequest([{ data: { actions: 'XYZ' } }]))).rejects.toThrow(/invalid/i);
    await expect(a2a.sendMessage(sendRequest([{ data: { skill: 'league.today', arguments: { date: 'yesterday' } } }]))).rejects.toThrow(/invalid/i);
    await expect(a2a.sendMessage(sendRequest([{ data: { skill: 'no.such_skill' } }]))).rejects.toThrow(/league\.submit/);
  });

  it('keeps a path argument in its skill’s own route: a dot segment is invalid params, anything else that route answers', async () => {
    for (const id of ['..', '.', '']) {
      await expect(a2a.sendMessage(sendRequest([{ data: { skill: 'clubhouse.topic', arguments: { id } } }])), JSON.stringify(id)).rejects.toThrow(/invalid/i);
    }
    for (const id of ['%2e%2e', '../..', '/', '?', '#']) {
      const task = asJson(await a2a.sendMessage(sendRequest([{ data: { skill: 'clubhouse.topic', arguments: { id } } }])));
      expect(task.status.state, id).toBe('TASK_STATE_REJECTED');
      expect(task.status.message.parts.find((part: any) => part.data).data, id).toMatchObject({ status: 404, instance: `/api/social/topics/${encodeURIComponent(id)}` });
    }
  });

  it('calls any skill of the card by a data part naming it, answering what the route answers', async () => {
    const task = asJson(await a2a.sendMessage(sendRequest([{ data: { skill: 'league.today', arguments: {} } }])));
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts[0].name).toBe('league.today');
    const data = task.artifacts[0].parts.find((part: any) => part.data).data;
    expect(data.board).toEqual((await api.get('/api/league')).body.board);
  });

  it('raises the SDK’s typed errors for what it does not support', async () => {
    await expect(a2a.sendMessage(sendRequest([{ url: 'https://example.com/file.png', mediaType: 'image/png' }]))).rejects.toMatchObject({
      name: 'ContentTypeNotSupportedError',
    });
    await expect(a2a.sendMessage(sendRequest([{ text: 'again' }], { taskId: 'earlier-task' }))).rejects.toMatchObject({ name: 'UnsupportedOperationError' });
    await expect(a2a.getTask({ tenant: '', id: 'unknown' })).rejects.toMatchObject({ name: 'TaskNotFoundError' });
  });
});

describe('A2A over raw HTTP', () => {
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    api.send('/a2a/v1/message:send', {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers },
    });
  const message = (parts: unknown[], extra: Record<string, unknown> = {}) => ({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts, ...extra } });

  function expectA2AError(answer: Answer, status: number, reason: string) {
    expect(answer.status, answer.text).toBe(status);
    expect(answer.headers.get('content-type')).toContain('json');
    expect(answer.body.error).toMatchObject({ code: status, status: expect.any(String), message: expect.any(String) });
    expect(answer.body.error.details).toContainEqual({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' });
  }

  it('answers a SendMessageRequest with { task } in application/a2a+json', async () => {
    const answer = await send(message([{ text: 'hello' }]));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/a2a+json');
    expect(answer.body.task).toMatchObject({ status: { state: 'TASK_STATE_COMPLETED' }, artifacts: [{ name: 'arena-orientation' }] });
  });

  it('answers invalid requests in the binding’s error shape with 4xx', async () => {
    expectA2AError(await send('{not json'), 400, 'INVALID_PARAMS');
    expectA2AError(await send(''), 400, 'INVALID_PARAMS');
    expectA2AError(await send([1, 2]), 400, 'INVALID_PARAMS');
    expectA2AError(await send({ message: 'hi' }), 400, 'INVALID_PARAMS');
    expectA2AError(await send(message([])), 400, 'INVALID_PARAMS');
    expectA2AError(await send(message([{ text: 'x' }], { role: 'ROLE_AGENT' })), 400, 'INVALID_PARAMS');
    expectA2AError(await send({ message: { role: 'ROLE_USER', parts: [{ text: 'x' }] } }), 400, 'INVALID_PARAMS');
    expectA2AError(await send(message([{ text: 'x', data: {} }])), 400, 'INVALID_PARAMS');
    expectA2AError(await send(message([{ text: 'x' }], { metadata: 5 })), 400, 'INVALID_PARAMS');
    expectA2AError(await send(message([{ text: 'x' }], { extensions: 'x' })), 400, 'INVALID_PARAMS');
    expectA2AError(await send(message([{ text: 'x' }], { referenceTaskIds: [1] })), 400, 'INVALID_PARAMS');
    expectA2AError(await send({ ...message([{ text: 'x' }]), metadata: [] }), 400, 'INVALID_PARAMS');
    for (const historyLength of [-1, 1.5, '3']) {
      expectA2AError(await send({ ...message([{ text: 'x' }]), configuration: { historyLength } }), 400, 'INVALID_PARAMS');
    }
    expectA2AError(await send({ ...message([{ text: 'x' }]), padding: 'x'.repeat(17_000) }), 413, 'INVALID_PARAMS');
    expectA2AError(await send(message([{ raw: 'aGVsbG8=' }])), 415, 'CONTENT_TYPE_NOT_SUPPORTED');
    expectA2AError(await send(message([{ text: 'x' }]), { 'content-type': 'text/plain' }), 415, 'CONTENT_TYPE_NOT_SUPPORTED');
    expectA2AError(await send({ ...message([{ text: 'x' }]), configuration: { acceptedOutputModes: ['image/png'] } }), 415, 'CONTENT_TYPE_NOT_SUPPORTED');
    expectA2AError(await send(message([{ text: 'x' }]), { 'a2a-version': '0.3' }), 400, 'VERSION_NOT_SUPPORTED');
    expectA2AError(
      await send({ ...message([{ text: 'x' }]), configuration: { taskPushNotificationConfig: { url: 'https://example.com' } } }),
      400,
      'PUSH_NOTIFICATION_NOT_SUPPORTED',
    );
    const streaming = await api.send('/a2a/v1/message:stream', { method: 'POST', body: JSON.stringify(message([{ text: 'x' }])), headers: { 'content-type': 'application/json' } });
    expectA2AError(streaming, 400, 'UNSUPPORTED_OPERATION');
  });

  it('serves the interface address and the card without a 404', async () => {
    const iface = await api.get('/a2a/v1');
    expect(iface.status).toBe(200);
    expect(iface.body).toMatchObject({ protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' });
    const card = await api.get('/.well-known/agent-card.json');
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toContain('application/json');
  });
});

describe('A2A tasks are not kept', () => {
  it('answers a capability redemption whole, keeps nothing of it, and finds no task by its id', async () => {
    const { call, post } = await inProcessArena('2026-11-21T12:00:00Z');
    const trial = (await call('/api/games/packet-run/trial')).body;
    const played = await post('/a2a/v1/message:send', {
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: { actions: finishingTape(trial.board), challengeToken: trial.challengeToken } }] },
    });
    const capability = played.body.task.artifacts[0].parts.find((part: any) => part.data).data.registrationCapability.token as string;
    const redeem = { skill: 'clubhouse.join', arguments: { registrationCapability: capability, agent: { handle: 'a2a-redeemer' } } };
    const sent = await post(
      '/a2a/v1/message:send',
      { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: redeem }] } },
      { 'content-type': 'application/a2a+json' },
    );
    expect(sent.status).toBe(200);
    const { task } = sent.body;
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    // The answer is whole: the key the redemption made is in it, and only there.
    expect(task.artifacts[0].parts.find((part: any) => part.data).data.apiKey).toMatch(/^arena_[A-Za-z0-9_-]{43}$/);
    const gone = await call(`/a2a/v1/tasks/${task.id}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('application/a2a+json');
    expect(gone.body.error.details[0]).toMatchObject({ reason: 'TASK_NOT_FOUND' });
    expect(gone.body.error.message).toContain('not kept');
  });
});

describe('A2A messages against the budget of anonymous writes', () => {
  it('counts only the skills that are anonymous durable writes, as over HTTP, and refuses past the budget with RATE_LIMITED and Retry-After', async () => {
    const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore(), anonymousWritesPerHour: 2 });
    const send = (data: unknown) =>
      arena.fetch(
        new Request('http://arena.test/a2a/v1/message:send', {
          method: 'POST',
          headers: { 'content-type': 'application/a2a+json' },
          body: JSON.stringify({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data }] } }),
        }),
        { clientAddress: '198.51.100.7' },
      );
    // Plays and reads write nothing: however many, they cost nothing.
    for (let i = 0; i < 5; i++) expect((await send({ actions: 'UURR' })).status).toBe(200);
    const checkIn = (n: number) => ({
      skill: 'arena.arrival',
      arguments: { displayName: `Scout ${n}`, model: 'unknown', sentBy: 'a test', purpose: 'Counting.', operatorAuthorized: true },
    });
    for (let i = 0; i < 2; i++) expect((await (await send(checkIn(i))).json()).task.status.state).toBe('TASK_STATE_COMPLETED');
    const refused = await (await send(checkIn(3))).json();
    expect(refused.task.status.state).toBe('TASK_STATE_REJECTED');
    expect(refused.task.status.message.parts.find((part: any) => part.data).data).toMatchObject({ status: 429 });
  });
});
