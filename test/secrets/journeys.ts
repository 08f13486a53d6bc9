/**
 * Every agent operation the arena offers, called in order by one agent's errand, over one of the
 * three ways in: plain HTTP, the MCP server (the official client) and the A2A interface. Each
 * call's arguments come from what earlier calls answered. The errand gathers every secret it
 * sends or is given (keys of every generation, nonces, a registration capability, the operator
 * token, Idempotency-Keys), so a test can look for each of them where none may be.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { commitmentOf } from '../../core/games/triad-duel/commitment.ts';
import type { Move } from '../../core/games/triad-duel/moves.ts';
import { openApiDescriber } from '../../core/discovery/openapi/document.ts';
import { stateForgeSchemaDescriptions } from '../../core/games/state-forge/openapi-definition.ts';
import { remoteCatalog } from '../../core/remote/catalog.ts';
import type { AgentOperation } from '../../core/remote/operations.ts';
import { finishingTape, freshNonce } from '../support/fixtures/league.ts';
import { BEST_PLAYS, forgeExample } from '../support/forge-examples.ts';
import { inProcessArena } from '../support/in-process-arena.ts';

type Json = Record<string, any>;

/** One way in: calls an operation by its tool name, as the agent holding `bearer` (if any). */
export interface Transport {
  name: 'http' | 'mcp' | 'a2a';
  call(tool: string, args: Json, bearer?: string): Promise<Json>;
  close(): Promise<void>;
}

/** The arena's agent operations, as its route table describes them (the same table every server runs). */
export async function agentOperations(): Promise<readonly AgentOperation[]> {
  const { arena } = await inProcessArena('2026-11-21T12:00:00Z');
  return remoteCatalog(arena.routes, openApiDescriber(arena.routes, [stateForgeSchemaDescriptions])).operations();
}

/** Plain HTTP: each operation's route called as its tool describes it, with a fresh Idempotency-Key on a write. */
export function httpTransport(baseUrl: string, operations: readonly AgentOperation[], secrets: Secrets): Transport {
  return {
    name: 'http',
    async call(tool, args, bearer) {
      const operation = operations.find((candidate) => candidate.tool.name === tool)!;
      const call = operation.toCall(args);
      const url = new URL(call.path, baseUrl);
      for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
      const headers = new Headers(call.headers);
      if (operation.route.durable && !headers.has('idempotency-key')) headers.set('idempotency-key', secrets.add('Idempotency-Key', `idem-${randomBytes(12).toString('hex')}`));
      if (bearer) headers.set('authorization', `Bearer ${bearer}`);
      if (call.body !== undefined) headers.set('content-type', 'application/json');
      const answer = await fetch(url, { method: call.method, headers, ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}) });
      const body = (await answer.json()) as Json;
      expect(answer.status, `${tool}: ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(300);
      return body;
    },
    close: async () => undefined,
  };
}

/** The MCP server, through the official client: one connection per credential, the key in its header. */
export function mcpTransport(baseUrl: string): Transport {
  const connections = new Map<string, Promise<Client>>();
  const connect = (bearer: string | undefined) => {
    const key = bearer ?? '';
    if (!connections.has(key)) {
      connections.set(
        key,
        (async () => {
          const mcp = new Client({ name: 'secrets-journey', version: '1.0.0' });
          const requestInit = bearer ? { headers: { authorization: `Bearer ${bearer}` } } : undefined;
          await mcp.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), requestInit ? { requestInit } : undefined));
          return mcp;
        })(),
      );
    }
    return connections.get(key)!;
  };
  return {
    name: 'mcp',
    async call(tool, args, bearer) {
      const result = (await (await connect(bearer)).callTool({ name: tool, arguments: args })) as Json;
      expect(result.isError, `${tool}: ${JSON.stringify(result).slice(0, 300)}`).toBeFalsy();
      return result.structuredContent as Json;
    },
    async close() {
      const mcp = await connect(undefined);
      // The resources too: every document the server offers, read once.
      for (const resource of (await mcp.listResources()).resources) expect((await mcp.readResource({ uri: resource.uri })).contents.length).toBeGreaterThan(0);
      await Promise.all([...connections.values()].map(async (connection) => (await connection).close()));
    },
  };
}

/** The A2A interface: a message naming the skill, the credential in the request's header. */
export function a2aTransport(baseUrl: string): Transport {
  return {
    name: 'a2a',
    async call(tool, args, bearer) {
      const answer = await fetch(`${baseUrl}/a2a/v1/message:send`, {
        method: 'POST',
        headers: { 'content-type': 'application/a2a+json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: { skill: tool, arguments: args } }] } }),
      });
      const { task } = (await answer.json()) as Json;
      expect(task?.status?.state, `${tool}: ${JSON.stringify(task?.status).slice(0, 300)}`).toBe('TASK_STATE_COMPLETED');
      // Nothing of the task is kept: GetTask finds none.
      expect((await fetch(`${baseUrl}/a2a/v1/tasks/${task.id}`)).status).toBe(404);
      return task.artifacts[0].parts.find((part: Json) => part.data).data as Json;
    },
    close: async () => undefined,
  };
}

/** The secrets an errand handled, by what they are. */
export class Secrets {
  readonly all: { what: string; value: string }[] = [];
  add(what: string, value: string): string {
    this.all.push({ what, value });
    return value;
  }
  /** Each secret that `text` holds, as `what (value)`. */
  foundIn(text: string): string[] {
    return this.all.filter(({ value }) => text.includes(value)).map(({ what, value }) => `${what} (${value.slice(0, 16)}…)`);
  }
}

/**
 * The errand: every tool once at least, by `transport`, for a fresh pair of agents; the
 * operator's status move (no tool) over HTTP. Resolves to the tools it called.
 */
export async function errand(transport: Transport, baseUrl: string, secrets: Secrets, operatorToken: string): Promise<Set<string>> {
  const called = new Set<string>();
  const call = async (tool: string, args: Json = {}, bearer?: string) => {
    called.add(tool);
    return transport.call(tool, args, bearer);
  };
  const tag = `${transport.name}-${randomBytes(3).toString('hex')}`;

  for (const tool of ['arena.games', 'arena.pulse', 'arena.dispatch', 'arena.challenge', 'arena.stats']) await call(tool);

  // Packet Run: a play, and a finished signed trial, whose answer holds a registration capability.
  await call('packet_run.play', { actions: 'UURRDD', agent: tag });
  const trial = await call('packet_run.trial');
  const run = await call('packet_run.submit', { actions: finishingTape(trial.board), challengeToken: trial.challengeToken, agent: { name: tag } });
  const capability = secrets.add('registration capability', run.registrationCapability.token);

  // Triad Duel: the challenger's nonce is a secret until the reveal.
  const circuit = ((await (await fetch(`${baseUrl}/api/games/triad-duel`)).json()) as Json).circuit.id as string;
  const moves = 'RPSSPRRSPPSR';
  const duelNonce = secrets.add('Triad nonce', `duel-${randomBytes(16).toString('hex')}`);
  const invite = await call('triad_duel.invite', { commitment: commitmentOf(circuit, [...moves] as Move[], duelNonce), circuit, challenger: tag });
  const response = await call('triad_duel.respond', { inviteToken: invite.inviteToken, moves: 'SRPPRSSPRRPS', responder: `${tag}-b` });
  const revealed = await call('triad_duel.reveal', { responseToken: response.responseToken, moves, nonce: duelNonce });
  await call('triad_duel.verify', { receiptToken: revealed.receipt.token });

  // State Forge.
  const compiled = await call('state_forge.compile', { body: { definition: forgeExample('rope-bridge') } });
  await call('state_forge.inspect', { capsule: compiled.capsule });
  const played = await call('state_forge.play', { capsule: compiled.capsule, actions: BEST_PLAYS['rope-bridge']!.actions, player: { name: tag } });
  await call('state_forge.verify', { receipt: played.receipt.token });

  // The league: a join by nonce, a submit, every read.
  const today = await call('league.today');
  const nonce = secrets.add('registration nonce', freshNonce());
  const joined = await call('arena.join_daily_league', {
    challengeToken: today.challengeToken,
    actions: finishingTape(today.board),
    registrationNonce: nonce,
    agent: { handle: `${tag}-a` },
  });
  const key = secrets.add('arena key (join)', joined.apiKey);
  const submitted = await call('league.submit', { challengeToken: today.challengeToken, actions: 'UURR' }, key);
  await call('league.attempts', { agent: joined.agent.id });
  await call('league.attempt', { id: submitted.attempt.id });
  for (const tool of ['league.leaderboard', 'league.standings_daily', 'league.standings_season']) await call(tool);
  await call('arena.verify_receipt', { evidence: submitted.attempt.result });

  // The Clubhouse: a member by key, a second agent by the capability, a topic and a reply.
  await call('clubhouse.status');
  await call('clubhouse.join', {}, key);
  await call('clubhouse.eligibility', {}, capability);
  const redeemed = await call('clubhouse.join', { registrationCapability: capability, agent: { handle: `${tag}-b` } });
  const otherKey = secrets.add('arena key (capability)', redeemed.apiKey);
  const topic = await call('clubhouse.post_topic', { channel: 'match-analysis', title: `Notes ${tag}`, body: 'Replays attached.' }, key);
  await call('clubhouse.topics', {});
  await call('clubhouse.topic', { id: topic.id });
  await call('clubhouse.reply', { id: topic.id, body: 'Agreed.' }, otherKey);

  // The Rules Desk: a proposal, a revision, a review by the other agent, and the operator's move.
  const proposal = await call(
    'rules_desk.propose',
    { gameId: 'packet-run', title: `Rule ${tag}`, summary: 'A summary.', ruleText: 'The rule.', rationale: 'Seen in replays.' },
    key,
  );
  const number = String(proposal.number);
  await call('rules_desk.proposals', {});
  await call('rules_desk.proposal', { number });
  await call('rules_desk.revise', { number, summary: 'A better summary.' }, key);
  await call('rules_desk.review', { number, stance: 'support', comment: 'Yes.' }, otherKey);
  const operatorKey = secrets.add('operator Idempotency-Key', `operator-${randomBytes(12).toString('hex')}`);
  const moved = await fetch(`${baseUrl}/api/rules/${number}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorToken}`, 'idempotency-key': operatorKey },
    body: JSON.stringify({ to: 'under-review', reason: 'Reading it.' }),
  });
  expect(moved.status).toBe(200);

  // The Arrival Hall.
  await call('arena.arrival', { displayName: `Scout ${tag}`, model: 'unknown', sentBy: 'a test', purpose: 'Looking around.', operatorAuthorized: true });
  await call('arrival.list', {});

  // Keys: rotated by the key, then by the nonce (the key lost), then revoked by the nonce.
  const rotated = await call('arena.rotate_key', {}, key);
  secrets.add('arena key (rotated by key)', rotated.apiKey);
  const recovered = await call('arena.rotate_key', { registrationNonce: nonce });
  secrets.add('arena key (rotated by nonce)', recovered.apiKey);
  await call('arena.revoke_key', { registrationNonce: nonce });
  const otherRotated = await call('arena.rotate_key', { registrationCapability: capability });
  secrets.add('arena key (rotated by capability)', otherRotated.apiKey);
  await call('arena.revoke_key', {}, otherRotated.apiKey);
  return called;
}
