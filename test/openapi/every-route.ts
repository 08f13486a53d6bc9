import { createHash } from 'node:crypto';
import { createArena, randomSeed } from '../../core/index.ts';
import { FORGE_EXAMPLES } from '../support/forge-examples.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';

/** One request and its answer, filed under the route's OpenAPI path. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  /** The media type, without parameters; empty when there is no body. */
  type: string;
  body: unknown;
  /** Whether the request carried a credential (an `Authorization` header). */
  credential: boolean;
}

interface Send {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string. */
  body?: unknown;
}

const OPERATOR_TOKEN = `operator-${'o'.repeat(40)}`;
const TRIAD = '/api/games/triad-duel';
const FORGE = '/api/games/state-forge';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A whole arena in this process, driven through a script that answers every JSON route at least
 * once with its own success, and the MCP and A2A routes with their protocol's answers too.
 * Later steps use what earlier ones answered: tokens, keys, ids.
 */
export async function exerciseEveryRoute(): Promise<Exchange[]> {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore(), now: () => now, operatorToken: OPERATOR_TOKEN });
  const exchanges: Exchange[] = [];

  async function send(method: string, path: string, { params = {}, query, headers = {}, body }: Send = {}): Promise<any> {
    const url = new URL(`http://arena.test${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!))}`);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    const init: RequestInit = { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers } };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await arena.fetch(new Request(url, init));
    const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    const text = await response.text();
    const parsed = /[/+]json$/.test(type) && text !== '' ? JSON.parse(text) : text;
    exchanges.push({ method, path, status: response.status, type, body: parsed, credential: 'authorization' in headers });
    return parsed;
  }
  const get = (path: string, options?: Send) => send('GET', path, options);
  /** A durable write: a fresh Idempotency-Key, and the bearer credential when there is one. */
  const write = (method: string, path: string, body: unknown, bearer?: string, options: Send = {}) => {
    const headers = { 'idempotency-key': freshKey(), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
    return send(method, path, { ...options, body, headers });
  };

  // Documents that need nothing.
  const documents = ['/api', '/api/dispatch', '/api/challenge', '/api/entry', '/api/stats', '/api/pulse', '/api/games', '/api/social', '/agent-index', '/join'];
  const descriptions = ['/openapi.json', '/problems', '/.well-known/jwks.json', '/.well-known/agent-card.json', '/a2a/v1', '/mcp/server.json', '/api/mcp/server.json'];
  const probes = ['/healthz', '/readyz'];
  for (const path of [...documents, ...descriptions, ...probes]) await get(path);
  await get('/');
  await get('/', { headers: { accept: 'text/html' } });
  await get('/api/invite', { query: { carrier: 'a test' } });
  await get('/problems/{slug}', { params: { slug: 'not-found' } });

  // Packet Run: rules, the classic board by query and by body, a signed trial finished for its capability.
  const rules = await get('/api/games/packet-run');
  await get('/api/games/packet-run/play', { query: { actions: finishingTape(rules.board), agent: 'tester' } });
  await send('POST', '/api/games/packet-run/submit', { body: { actions: 'UURR', agent: { name: 'tester' } } });
  const trial = await get('/api/games/packet-run/trial');
  const proven = await send('POST', '/api/games/packet-run/submit', { body: { actions: finishingTape(trial.board), challengeToken: trial.challengeToken } });

  // Triad Duel: commit, respond, reveal, verify; and the archive.
  const circuit = (await get(TRIAD)).circuit.id as string;
  const [mine, nonce] = ['RRRRPPPPSSSS', 'every-route-nonce-0001'];
  const invite = await get(`${TRIAD}/invite`, { query: { commitment: sha256(`triad-duel/1|${circuit}|${mine}|${nonce}`), circuit, challenger: 'c', model: 'm', sentBy: 's' } });
  const response = await get(`${TRIAD}/respond`, { query: { inviteToken: invite.inviteToken, moves: 'PSRPSRPSRPSR', responder: 'r' } });
  const revealed = await get(`${TRIAD}/reveal`, { query: { responseToken: response.responseToken, moves: mine, nonce } });
  await get(`${TRIAD}/verify`, { query: { receiptToken: revealed.receiptToken } });
  await get(`${TRIAD}/archive`);

  // State Forge: rules, then each example compiled, inspected, played and its receipt verified.
  await get(FORGE);
  for (const { definition } of FORGE_EXAMPLES) {
    const compiled = await send('POST', `${FORGE}/compile`, { body: definition });
    await send('POST', `${FORGE}/inspect`, { body: { capsule: compiled.capsule } });
    const played = await send('POST', `${FORGE}/play`, { body: { capsule: compiled.capsule, actions: [definition.actions[0].id], player: { name: 'tester' } } });
    await send('POST', `${FORGE}/verify`, { body: { receipt: played.receipt.token } });
  }

  // The league: two agents join with a finishing tape, one submits again; attempts and standings.
  const league = await get('/api/league');
  const join = (handle: string, registrationNonce = freshNonce()) =>
    write('POST', '/api/league/join', {
      challengeToken: league.challengeToken,
      actions: finishingTape(league.board),
      registrationNonce,
      agent: { handle, displayName: handle, model: 'm', sentBy: 's' },
    });
  const firstNonce = freshNonce();
  const first = await join('first-agent', firstNonce);
  const second = await join('second-agent');
  const submitted = await write('POST', '/api/league/submit', { challengeToken: league.challengeToken, actions: finishingTape(league.board) }, first.apiKey);
  await get('/api/league/attempts', { query: { date: league.challengeDate } });
  await get('/api/league/attempts/{id}', { params: { id: submitted.attempt.id } });
  await get('/league/attempts/{id}', { params: { id: submitted.attempt.id } });
  await get('/league/days/{date}', { params: { date: league.challengeDate } });
  await get('/agents/{handle}', { params: { handle: 'first-agent' } });
  await get('/api/leaderboard');
  await get('/api/leaderboard/daily', { query: { date: league.challengeDate } });
  await get('/api/leaderboard/season');

  // Keys: the first agent's rotated by its key, then by its nonce; a third agent's revoked.
  first.apiKey = (await write('POST', '/api/keys/rotate', {}, first.apiKey)).apiKey;
  first.apiKey = (await write('POST', '/api/keys/rotate', { registrationNonce: firstNonce })).apiKey;
  await write('POST', '/api/keys/revoke', {}, (await join('third-agent')).apiKey);

  // The Clubhouse: eligibility, joins by key and by capability, a topic, a reply, the reads.
  const capability = proven.registrationCapability.token as string;
  for (const bearer of [capability, first.apiKey, 'not-a-credential']) await get('/api/social/eligibility/verify', { headers: { authorization: `Bearer ${bearer}` } });
  await write('POST', '/api/social/join', {}, first.apiKey);
  await write('POST', '/api/social/join', { registrationCapability: capability, agent: { handle: 'trial-agent' } });
  const topic = await write('POST', '/api/social/topics', { channel: 'match-analysis', title: 'Patience pays', body: 'Replays attached.', tags: ['replay'] }, first.apiKey);
  await write('POST', '/api/social/topics/{id}/replies', { body: 'Agreed.' }, first.apiKey, { params: { id: topic.id } });
  await get('/api/social/topics', { query: { channel: 'match-analysis' } });
  await get('/api/social/topics/{id}', { params: { id: topic.id } });
  await get('/clubhouse/topics/{id}', { params: { id: topic.id } });
  const seeds = await get('/api/social/topics');
  await get('/api/social/topics/{id}', { params: { id: seeds.seedTopics[0].id } });

  // The Rules Desk: proposed and revised by one agent, reviewed by another, moved by the operator.
  const proposal = await write(
    'POST',
    '/api/rules',
    { gameId: 'packet-run', title: 'Hazards once', summary: 'A summary.', ruleText: 'A hazard deducts 6 once.', rationale: 'Replays.' },
    first.apiKey,
  );
  const number = { number: String(proposal.number) };
  await write('POST', '/api/rules/{number}/revisions', { ruleText: 'A hazard deducts 6, once per cell.' }, first.apiKey, { params: number });
  await write('PUT', '/api/rules/{number}/review', { stance: 'support', comment: 'Matches the replays.' }, second.apiKey, { params: number });
  await write('POST', '/api/rules/{number}/status', { to: 'under-review', reason: 'Reviewed once.' }, OPERATOR_TOKEN, { params: number });
  await get('/api/rules');
  await get('/api/rules/{number}', { params: number });
  await get('/rules/{number}', { params: number });

  // Receipts: any evidence, checked with the arena's keys, valid or not.
  await send('POST', '/api/receipts/verify', { body: { evidence: submitted.attempt.result } });
  await send('POST', '/api/receipts/verify', { body: { evidence: revealed.receiptToken } });
  await send('POST', '/api/receipts/verify', { body: { evidence: 'not.a.token' } });

  // The open data: its description, and each export (NDJSON, and the attempts as CSV).
  await get('/api/exports');
  await get('/api/exports/attempts', { query: { date: league.challengeDate } });
  await get('/api/exports/attempts', { headers: { accept: 'text/csv' } });
  for (const name of ['topics', 'proposals', 'arrivals']) await get(`/api/exports/${name}`);

  // The Arrival Hall.
  await write('POST', '/api/arrival', { displayName: 'Scout', model: 'unknown', sentBy: 'a test', source: 'llms.txt', purpose: 'Looking around.', operatorAuthorized: true });
  await get('/api/arrival');

  await exerciseMcp(send);
  await exerciseA2a(send);
  return exchanges;
}

type Sender = (method: string, path: string, options?: Send) => Promise<any>;

/** MCP: a request, a notification (202), a JSON-RPC error, and the transport's refusals. */
async function exerciseMcp(send: Sender): Promise<void> {
  const accept = { accept: 'application/json, text/event-stream' };
  const rpc = (body: unknown, headers: Record<string, string> = {}) => send('POST', '/api/mcp', { body, headers: { 'content-type': 'application/json', ...accept, ...headers } });
  await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'every-route', version: '1' } } });
  const legacy = { 'mcp-protocol-version': '2025-11-25' };
  await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, legacy);
  await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'arena.stats', arguments: {} } }, legacy);
  await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }, legacy);
  // The 2026-07-28 revision: no handshake, the version on every request.
  const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  await rpc({ jsonrpc: '2.0', id: 8, method: 'server/discover', params: { _meta: envelope } }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' });
  await rpc({ jsonrpc: '2.0', id: 4, method: 'no/such-method', params: {} }, legacy);
  await rpc('{not json', legacy);
  await rpc({ hello: 'world' }, legacy);
  await rpc({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} }, { ...legacy, accept: 'text/html' });
  await rpc({ jsonrpc: '2.0', id: 6, method: 'tools/list', params: {} }, { ...legacy, 'content-type': 'text/plain' });
  await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { padding: 'x'.repeat(17_000) } });
}

/** A2A: a message answered with a task, and each kind of refusal. */
async function exerciseA2a(send: Sender): Promise<void> {
  const path = '/a2a/v1/message:send';
  const message = (parts: unknown[]) => ({ message: { messageId: `m-${freshKey()}`, role: 'ROLE_USER', parts } });
  const asked = await send('POST', path, { body: message([{ text: 'What is this arena?' }]) });
  await send('GET', '/a2a/v1/tasks/{id}', { params: { id: asked.task.id } });
  await send('POST', path, { body: { ...message([{ data: { actions: 'UURR' } }]), configuration: { acceptedOutputModes: ['application/json'], historyLength: 0 } } });
  // A tape the route refuses: a rejected task, carrying the problem.
  await send('POST', path, { body: message([{ text: 'actions: UUXX' }]) });
  await send('POST', path, { body: { message: { role: 'ROLE_USER', parts: [] } } });
  await send('POST', path, { body: message([{ url: 'https://example.com/file' }]) });
  await send('POST', path, { body: message([{ text: 'hi' }]), headers: { 'content-type': 'text/plain' } });
  await send('POST', path, { body: { ...message([{ text: 'hi' }]), padding: 'x'.repeat(17_000) } });
  // Each kept task counts against the client's hourly budget of anonymous writes: spend it.
  for (let sent = 0; sent < 100; sent++) {
    const answer = await send('POST', path, { body: message([{ text: 'again' }]) });
    if (answer?.error?.code === 429) break;
  }
  await send('GET', '/a2a/v1/tasks/{id}', { params: { id: 'task-1' } });
}
