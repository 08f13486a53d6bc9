import { createHash } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { forgeExample } from '../support/forge-examples.ts';
import { client } from '../support/http.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { startArena, type RunningArena } from '../support/servers.ts';
import { verifyReceipt } from './verify-receipt.ts';
import { LINGER_BYTES } from '../../adapters/lingering-close.ts';

/** Every agent operation, in the route table's order: the spec names the `arena.*` ones. */
const TOOL_NAMES = [
  'arena.games',
  'packet_run.trial',
  'packet_run.play',
  'packet_run.submit',
  'triad_duel.invite',
  'triad_duel.respond',
  'triad_duel.reveal',
  'triad_duel.verify',
  'state_forge.compile',
  'state_forge.inspect',
  'state_forge.play',
  'state_forge.verify',
  'league.today',
  'arena.join_daily_league',
  'league.submit',
  'league.attempts',
  'league.attempt',
  'league.leaderboard',
  'league.standings_daily',
  'league.standings_season',
  'arena.rotate_key',
  'arena.revoke_key',
  'arena.pulse',
  'arena.dispatch',
  'arena.challenge',
  'arena.stats',
  'clubhouse.status',
  'clubhouse.join',
  'clubhouse.eligibility',
  'clubhouse.topics',
  'clubhouse.post_topic',
  'clubhouse.topic',
  'clubhouse.reply',
  'rules_desk.proposals',
  'rules_desk.propose',
  'rules_desk.proposal',
  'rules_desk.revise',
  'rules_desk.review',
  'arrival.list',
  'arena.arrival',
  'arena.verify_receipt',
];

/**
 * Arguments each tool takes, that its route refuses (no credential, an unknown id, a token that
 * is not one, a cursor that is not one). Tools that take no argument have none: their route
 * answers whoever asks.
 */
const ROUTE_REFUSALS: Record<string, Record<string, unknown>[]> = {
  'packet_run.submit': [{ actions: 'UR', challengeToken: 'not-a-token' }],
  'triad_duel.invite': [{ commitment: 'a'.repeat(64), circuit: 'triad-circuit-2000-01-01' }],
  'triad_duel.respond': [{ inviteToken: 'not-a-token', moves: 'RPSRPSRPSRPS' }],
  'triad_duel.reveal': [{ responseToken: 'not-a-token', moves: 'RPSRPSRPSRPS', nonce: 'a-nonce-of-sixteen' }],
  'triad_duel.verify': [{ receiptToken: 'not-a-token' }],
  'state_forge.compile': [{ body: { definition: { ...forgeExample('rope-bridge'), start: 'nowhere' } } }],
  'state_forge.inspect': [{ capsule: 'not-a-capsule' }],
  'state_forge.play': [{ capsule: 'not-a-capsule', actions: ['step'] }],
  'state_forge.verify': [{ receipt: 'not-a-receipt' }],
  'arena.join_daily_league': [{ challengeToken: 'not-a-token', actions: 'UR', registrationNonce: 'n'.repeat(43), agent: { handle: 'refused-agent' } }],
  'league.submit': [{ challengeToken: 'not-a-token', actions: 'UR' }],
  'league.attempts': [{ cursor: 'not-a-cursor' }],
  'league.attempt': [{ id: 'no-such-attempt' }],
  'league.standings_daily': [{ date: '2000-01-01' }],
  'league.standings_season': [{ cursor: 'not-a-cursor' }],
  'arena.rotate_key': [{}, { registrationNonce: 'n'.repeat(43) }],
  'arena.revoke_key': [{}, { registrationNonce: 'n'.repeat(43) }],
  'clubhouse.join': [{}],
  'clubhouse.eligibility': [{}],
  'clubhouse.topics': [{ cursor: 'not-a-cursor' }],
  'clubhouse.post_topic': [{ channel: 'general', title: 'Refused', body: 'No key.' }],
  'clubhouse.topic': [{ id: 'no-such-topic' }],
  'clubhouse.reply': [{ id: 'no-such-topic', body: 'No key.' }],
  'rules_desk.proposals': [{ cursor: 'not-a-cursor' }],
  'rules_desk.propose': [{ gameId: 'packet-run', title: 'Refused', summary: 'No key.', ruleText: 'None.', rationale: 'None.' }],
  'rules_desk.proposal': [{ number: '999999' }],
  'rules_desk.revise': [{ number: '999999', ruleText: 'No key.' }],
  'rules_desk.review': [{ number: '999999', stance: 'support', comment: 'No key.' }],
  'arrival.list': [{ cursor: 'not-a-cursor' }],
};

/** The other arguments each tool with a path parameter needs, beside that parameter. */
const PATH_TOOL_ARGUMENTS: Record<string, Record<string, unknown>> = {
  'league.attempt': {},
  'clubhouse.topic': {},
  'clubhouse.reply': { body: 'A reply.' },
  'rules_desk.proposal': {},
  'rules_desk.revise': { ruleText: 'A revision.' },
  'rules_desk.review': { stance: 'support', comment: 'A review.' },
};
/** Path arguments a URL would resolve away (refused as invalid arguments), and others it must carry as they are. */
const UNSEGMENTABLE = ['.', '..', ''];
const UNUSUAL = ['%2e%2e', '/', '?', '#', '%', '../..', './x'];

const CHECK_IN = { displayName: 'MCP Scout', model: 'unknown', sentBy: 'a test', purpose: 'Checking in over MCP.', operatorAuthorized: true };

/** What changes between two reads of the same live document: the clock and freshly signed tokens. */
function withoutVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutVolatile);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'generatedAt' && key !== 'challengeToken')
      .map(([key, inner]) => [key, withoutVolatile(inner)]),
  );
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let arena: RunningArena;
const baseUrl = () => arena.baseUrl;
const api = client(baseUrl);

beforeAll(async () => {
  arena = await startArena('node', { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()) });
});
afterAll(async () => arena?.stop());

/** A JSON-RPC POST to /api/mcp, as a client without an SDK would send it. */
function rpc(body: unknown, headers: Record<string, string> = {}) {
  return api.send('/api/mcp', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  });
}

describe.each([
  { era: '2025-11-25, negotiated by initialize', options: {}, version: '2025-11-25' },
  { era: '2026-07-28, negotiated by server/discover', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } }, version: '2026-07-28' },
])('MCP with the official client, protocol $era', ({ options, version }) => {
  let mcp: Client;
  const call = async (name: string, args: Record<string, unknown> = {}) => (await mcp.callTool({ name, arguments: args })) as Record<string, any>;

  beforeAll(async () => {
    mcp = new Client({ name: 'arena-test', version: '1.0.0' }, options);
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`)));
  });
  afterAll(async () => mcp?.close());

  it('negotiates the protocol version', () => {
    expect(mcp.getNegotiatedProtocolVersion()).toBe(version);
    expect(mcp.getServerCapabilities()?.tools).toBeDefined();
  });

  it('lists every tool, each with object input and output schemas, and the resources and prompts', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.description, tool.name).toMatch(/Answers what (GET|POST|PUT) \/\S+ answers/);
    }
    const { resources } = await mcp.listResources();
    expect(resources.map((resource) => resource.uri.replace(baseUrl(), ''))).toEqual([
      '/api/games/packet-run',
      '/api/games/triad-duel',
      '/api/games/state-forge',
      '/api/league',
      '/.well-known/jwks.json',
      '/protocol.md',
      '/openapi.json',
    ]);
    const jwks = await mcp.readResource({ uri: `${baseUrl()}/.well-known/jwks.json` });
    expect(JSON.parse((jwks.contents[0] as { text: string }).text)).toEqual((await api.get('/.well-known/jwks.json')).body);
    const protocol = await mcp.readResource({ uri: `${baseUrl()}/protocol.md` });
    expect(protocol.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: expect.stringContaining('# Agent Arena protocol') });
    await expect(mcp.readResource({ uri: `${baseUrl()}/metrics` })).rejects.toThrow(/401|503/);
    const { prompts } = await mcp.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['play_todays_board', 'run_a_duel', 'propose_a_rule']);
    const prompt = await mcp.getPrompt({ name: 'play_todays_board', arguments: { handle: 'prompt-bot' } });
    expect((prompt.messages[0]!.content as { text: string }).text).toMatch(/arena\.join_daily_league[\s\S]*"prompt-bot"[\s\S]*league\.submit/);
  });

  it('refuses at once to read a stream as a resource, and holds no stream place after', async () => {
    for (const path of ['/api/events', '/api/events/', '/api/events?after=0', '/api/exports/topics', '/api/exports/attempts?date=2031-03-01']) {
      await expect(mcp.readResource({ uri: `${baseUrl()}${path}` }), path).rejects.toThrow(/answers a stream[\s\S]*open it over HTTP/);
    }
    // More refused reads than the four streams one client may hold: had any taken a place, this client would now get 429.
    for (let read = 0; read < 6; read++) await expect(mcp.readResource({ uri: `${baseUrl()}/api/events` })).rejects.toThrow(/answers a stream/);
    const stream = await fetch(`${baseUrl()}/api/events`);
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
  });

  it('answers each read tool with exactly the route’s JSON, as structured content and as text', async () => {
    for (const [name, path] of [
      ['arena.challenge', '/api/challenge'],
      ['arena.stats', '/api/stats'],
      ['arena.pulse', '/api/pulse'],
      ['arena.dispatch', '/api/dispatch'],
    ] as const) {
      const result = await call(name);
      const direct = await api.get(path);
      expect(result.isError, name).toBeFalsy();
      // A small answer is its own text; a large one (past 4096 characters of JSON) is summarised.
      const json = JSON.stringify(result.structuredContent);
      if (json.length <= 4096) expect(JSON.parse(result.content[0].text), name).toEqual(result.structuredContent);
      else expect(result.content[0].text, name).toMatch(/^protocol: .*\(The whole answer, \d+ characters, is the structured content/s);
      expect(withoutVolatile(result.structuredContent), name).toEqual(withoutVolatile(direct.body));
    }
  });

  it('plays Packet Run on the classic board and on a signed trial, with receipts that verify', async () => {
    const classic = await call('packet_run.play', { actions: 'UURRUURUURRRDUUR', agent: 'mcp-bot' });
    const direct = await api.get('/api/games/packet-run/play?actions=UURRUURUURRRDUUR&agent=mcp-bot');
    expect(classic.isError).toBeFalsy();
    const { receipt, ...run } = classic.structuredContent;
    const { receipt: directReceipt, ...directRun } = direct.body;
    expect(run).toEqual(directRun);
    expect(receipt.checksum).toBe(directReceipt.checksum);
    expect(await verifyReceipt(baseUrl(), classic.structuredContent)).toMatchObject({ game: 'packet-run', total: 76 });

    const trialBoard = await call('packet_run.trial');
    const { challengeToken, board } = trialBoard.structuredContent;
    const trial = await call('packet_run.submit', { actions: finishingTape(board), challengeToken });
    expect(trial.isError).toBeFalsy();
    expect(trial.structuredContent).toMatchObject({ mode: 'signed-trial', reachedExit: true, registrationCapability: expect.any(Object) });
    const { registrationCapability: _, ...signed } = trial.structuredContent;
    expect(await verifyReceipt(baseUrl(), signed)).toMatchObject({ mode: 'signed-trial', reachedExit: true });
  });

  it('plays a Triad Duel through invite, respond and reveal; the receipt verifies', async () => {
    const circuit = (await api.get('/api/games/triad-duel')).body.circuit.id;
    const moves = 'RRRRPPPPSSSS';
    const nonce = `mcp-nonce-${freshKey()}`;
    const invited = await call('triad_duel.invite', { commitment: sha256(`triad-duel/1|${circuit}|${moves}|${nonce}`), circuit, challenger: 'mcp' });
    expect(invited.isError, JSON.stringify(invited)).toBeFalsy();
    const responded = await call('triad_duel.respond', { inviteToken: invited.structuredContent.inviteToken, moves: 'psrpsrpsrpsr', responder: 'other' });
    expect(responded.isError, JSON.stringify(responded)).toBeFalsy();
    const revealed = await call('triad_duel.reveal', { responseToken: responded.structuredContent.responseToken, moves, nonce });
    expect(revealed.isError, JSON.stringify(revealed)).toBeFalsy();
    expect(revealed.structuredContent.replay).toHaveLength(12);
    // A large answer: a compact summary for the model, the whole answer as structured content, and a link to read it again.
    const [summary, link] = revealed.content;
    expect(summary.text, summary.text.slice(0, 300)).toMatch(/^Triad Duel on triad-circuit-\S+: (challenger-wins|responder-wins|draw), challenger \d+ to responder \d+\./);
    expect(summary.text).toMatch(/structured content/);
    expect(link).toMatchObject({ type: 'resource_link', uri: expect.stringContaining(`${baseUrl()}/api/games/triad-duel/`) });
    const reread = await mcp.readResource({ uri: link.uri });
    expect(JSON.parse((reread.contents[0] as { text: string }).text).replay).toEqual(revealed.structuredContent.replay);
    const verified = await call('triad_duel.verify', { receiptToken: revealed.structuredContent.receipt.token });
    expect(verified.structuredContent).toMatchObject({ verified: true, checksum: revealed.structuredContent.receipt.checksum });
  });

  it('compiles a State Forge game and plays its capsule; the receipt verifies', async () => {
    const definition = forgeExample('rope-bridge');
    const compiled = await call('state_forge.compile', { body: { definition } });
    expect(compiled.isError, JSON.stringify(compiled).slice(0, 500)).toBeFalsy();
    const direct = await api.postJson('/api/games/state-forge/compile', { definition });
    expect(compiled.structuredContent.audit).toEqual(direct.body.audit);
    expect(compiled.structuredContent.id).toBe(definition.id);
    const played = await call('state_forge.play', { capsule: compiled.structuredContent.capsule, actions: ['step', 'hold', 'step'], player: { name: 'mcp' } });
    expect(played.isError, JSON.stringify(played).slice(0, 500)).toBeFalsy();
    const verified = await call('state_forge.verify', { receipt: played.structuredContent.receipt.token });
    expect(verified.structuredContent).toMatchObject({ verified: true, checksum: played.structuredContent.receipt.checksum });
    const inspected = await call('state_forge.inspect', { capsule: compiled.structuredContent.capsule });
    expect(inspected.structuredContent.capsuleId).toBe(compiled.structuredContent.capsuleId);
  });

  it('checks in at the Arrival Hall with the Idempotency-Key it is given, and replays it', async () => {
    const idempotencyKey = freshKey();
    const first = await call('arena.arrival', { ...CHECK_IN, idempotencyKey });
    expect(first.isError, JSON.stringify(first)).toBeFalsy();
    expect(first.structuredContent.arrival).toMatchObject({ displayName: 'MCP Scout', purpose: 'Checking in over MCP.' });
    expect((await api.get('/api/arrival')).body.arrivals[0]).toEqual(first.structuredContent.arrival);
    const again = await call('arena.arrival', { ...CHECK_IN, idempotencyKey });
    expect(again.structuredContent).toEqual(first.structuredContent);
  });

  it('joins the Daily Packet League and gets an arena key that works over HTTP', async () => {
    const { challengeToken, board } = (await api.get('/api/league')).body;
    const handle = `mcp-${freshKey().slice(5, 17)}`;
    const args = { challengeToken, actions: finishingTape(board), registrationNonce: freshNonce(), agent: { handle }, idempotencyKey: freshKey() };
    const joined = await call('arena.join_daily_league', args);
    expect(joined.isError, JSON.stringify(joined)).toBeFalsy();
    expect(joined.structuredContent).toMatchObject({ apiKey: expect.stringMatching(/^arena_/), agent: { handle } });
    const replayed = await call('arena.join_daily_league', args);
    expect(replayed.structuredContent.apiKey).toBe(joined.structuredContent.apiKey);
    const submitted = await api.postJson(
      '/api/league/submit',
      { challengeToken, actions: finishingTape(board) },
      { authorization: `Bearer ${joined.structuredContent.apiKey}`, 'idempotency-key': freshKey() },
    );
    expect(submitted.status, submitted.text).toBe(200);
  });

  it('checks in without an idempotencyKey: one is derived from the call, so the same call again is answered once', async () => {
    const checkIn = { ...CHECK_IN, displayName: `Derived ${freshKey().slice(5, 13)}` };
    const count = async () => (await api.get('/api/arrival')).body.count;
    const before = await count();
    const first = await call('arena.arrival', checkIn);
    expect(first.isError, JSON.stringify(first)).toBeFalsy();
    const retried = await call('arena.arrival', checkIn);
    expect(retried.structuredContent).toEqual(first.structuredContent);
    expect(await count()).toBe(before + 1);
    const another = await call('arena.arrival', { ...checkIn, purpose: 'A second, different check-in.' });
    expect(another.structuredContent.arrival.id).not.toBe(first.structuredContent.arrival.id);
    expect(await count()).toBe(before + 2);
  });

  it('answers invalid arguments with an error result, never a crash', async () => {
    const wrongType = await call('packet_run.play', { actions: 5 });
    expect(wrongType.isError).toBe(true);
    const refused = await call('triad_duel.verify', { receiptToken: 'not-a-token' });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content[0].text)).toMatchObject({ status: 400, type: '/problems/invalid-token' });
    const noKey = await call('league.submit', { challengeToken: 'x', actions: 'UURR' });
    expect(noKey.isError).toBe(true);
    expect(JSON.parse(noKey.content[0].text)).toMatchObject({ status: 401 });
    await expect(mcp.callTool({ name: 'no.such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  it('keeps every path argument in its own route: one a URL would resolve away is refused, any other is that route’s to answer', async () => {
    const { tools } = await mcp.listTools();
    const withPath = tools.flatMap((tool) => {
      const [, method, path] = /Answers what (\S+) (\S+) answers/.exec(tool.description!)!;
      return path!.includes(':') ? [{ name: tool.name, method: method!, path: path! }] : [];
    });
    expect(withPath.map(({ name }) => name).sort()).toEqual(Object.keys(PATH_TOOL_ARGUMENTS).sort());
    for (const { name, method, path } of withPath) {
      const parameter = /:(\w+)/.exec(path)![1]!;
      for (const value of [...UNSEGMENTABLE, ...UNUSUAL]) {
        const label = `${name} ${JSON.stringify(value)}`;
        const result = await call(name, { ...PATH_TOOL_ARGUMENTS[name], [parameter]: value });
        expect(result.isError, label).toBe(true);
        const text = result.content[0].text as string;
        if (UNSEGMENTABLE.includes(value)) {
          expect(text, label).toMatch(new RegExp(`^Input validation error: .*${parameter}`));
          continue;
        }
        // The route's own answer for an id it does not know (or for a call without a key), at its own path.
        const own = path.replace(`:${parameter}`, encodeURIComponent(value));
        const problem = JSON.parse(text);
        expect(problem.instance, label).toBe(own);
        const direct = await api.send(own, {
          method,
          ...(method === 'GET' ? {} : { body: JSON.stringify(PATH_TOOL_ARGUMENTS[name]), headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() } }),
        });
        expect(problem.status, label).toBe(direct.status);
      }
    }
  });

  it('answers every tool’s failing calls with error results its output schema holds: the refusal’s problem document as text, no structured content', async () => {
    const { tools } = await mcp.listTools();
    expect(Object.keys(ROUTE_REFUSALS).filter((name) => !tools.some((tool) => tool.name === name))).toEqual([]);
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    for (const tool of tools) {
      const conforms = ajv.compile(tool.outputSchema!);
      // Every tool refuses an argument it does not take; most can also be refused by their route.
      const failing = [{ notAnArgument: true }, ...(ROUTE_REFUSALS[tool.name] ?? [])];
      for (const [index, args] of failing.entries()) {
        const result = await call(tool.name, args);
        const name = `${tool.name} ${JSON.stringify(args)}`;
        expect(result.isError, name).toBe(true);
        if (result.structuredContent !== undefined) expect(conforms(result.structuredContent) || ajv.errorsText(conforms.errors), name).toBe(true);
        expect(result.structuredContent, name).toBeUndefined();
        // The route's refusal, where it is the route that refused: its problem document.
        if (index > 0) expect(result.content[0].text, name).toMatch(/^\{"type":"\/problems\/[a-z-]+","title":".*","status":\d{3},/);
      }
    }
  });
});

describe('MCP over raw JSON-RPC', () => {
  const initialize = (protocolVersion: string) => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const modern = (method: string, name?: string) => ({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) });

  it('negotiates 2025-11-25 in initialize', async () => {
    const answer = await rpc(initialize('2025-11-25'));
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'agent-arena' }, capabilities: { tools: {} } });
  });

  it('serves 2026-07-28 without a handshake: server/discover names it, and requests carry it', async () => {
    const discovered = await rpc({ jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: envelope } }, modern('server/discover'));
    expect(discovered.status).toBe(200);
    expect(discovered.body.result.supportedVersions).toEqual(['2026-07-28']);
    const listed = await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: envelope } }, modern('tools/list'));
    expect(listed.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(TOOL_NAMES);
    const called = await rpc(
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'arena.dispatch', arguments: {}, _meta: envelope } },
      modern('tools/call', 'arena.dispatch'),
    );
    expect(called.body.result.structuredContent.protocol).toBe('svc-dispatch/1');
  });

  it('answers an initialize asking for 2026-07-28 with 2025-11-25: that revision has no initialize', async () => {
    const answer = await rpc(initialize('2026-07-28'));
    expect(answer.status).toBe(200);
    expect(answer.body.result.protocolVersion).toBe('2025-11-25');
  });

  it('answers bad JSON-RPC with JSON-RPC errors, never a 5xx', async () => {
    const legacy = { 'mcp-protocol-version': '2025-11-25' };
    const cases: [unknown, number][] = [
      ['{not json', -32700],
      [{ hello: 'world' }, -32600],
      [{ jsonrpc: '1.0', id: 1, method: 'tools/list' }, -32600],
      [{ jsonrpc: '2.0', id: 1, method: 'no/such-method', params: {} }, -32601],
      [{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } }, -32602],
    ];
    for (const [body, code] of cases) {
      const answer = await rpc(body, legacy);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ jsonrpc: '2.0', error: { code, message: expect.any(String) } });
    }
  });

  /** Past the limit, the answer is JSON-RPC's error shape with status 413, as the SDK gives its own. */
  function expectTooLarge(answer: { status: number; headers: Headers; body: any }) {
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'request bodies are limited to 16384 bytes' } });
  }

  it('refuses GET and DELETE (no sessions) and bodies over 16384 bytes', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await api.send('/api/mcp', { method, headers: { accept: 'application/json, text/event-stream' } });
      expect(answer.status, method).toBe(405);
    }
    expectTooLarge(await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { padding: 'x'.repeat(17_000) } }));
  });

  it('refuses a streamed body (no Content-Length) once it passes 16384 bytes, before the SDK reads it, and reads little more of it', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(4096));
    // 64 MiB offered. The server reads up to the limit, then at most LINGER_BYTES more (read to
    // be discarded while the 413 reaches its client); what the client can send beyond that is
    // what the two sockets' buffers hold until the connection is closed: a few MiB on loopback.
    const offered = 16_384;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ >= offered) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const answer = await api
      .send('/api/mcp', {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      } as RequestInit)
      .catch((error: Error) => error);
    if (!(answer instanceof Error)) expectTooLarge(answer);
    expect(pulled * chunk.byteLength).toBeLessThan(16_384 + LINGER_BYTES + 16 * 2 ** 20);
  });

  it('describes itself in server.json at both addresses', async () => {
    for (const path of ['/mcp/server.json', '/api/mcp/server.json']) {
      const { status, body } = await api.get(path);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        $schema: expect.stringMatching(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/.+\/server\.schema\.json$/),
        name: expect.stringMatching(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
        version: expect.any(String),
        description: expect.any(String),
        remotes: [{ type: 'streamable-http', url: `${baseUrl()}/api/mcp` }],
      });
      // The registry schema's bounds: description 1-100 characters, title 1-100, version at most 255.
      expect(body.description.length, body.description).toBeLessThanOrEqual(100);
      expect(body.title.length).toBeLessThanOrEqual(100);
      expect(body.version.length).toBeLessThanOrEqual(255);
      expect(body._meta['io.modelcontextprotocol.registry/publisher-provided'].tools).toEqual(TOOL_NAMES);
    }
  });
});
