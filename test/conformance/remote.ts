import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { finishingTape, freshNonce } from '../support/fixtures/league.ts';
import { client } from '../support/http.ts';
import type { Target } from './define.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** The remote tool endpoint (MCP) and the A2A endpoint, over raw HTTP, as any client would see them. */
export function remoteTools(target: Target): void {
  const api = client(target.baseUrl);
  const rpc = (body: unknown, headers: Record<string, string> = {}) =>
    api.send('/api/mcp', { method: 'POST', body: JSON.stringify(body), headers: { ...MCP_HEADERS, ...headers } });
  const a2a = (parts: unknown[]) =>
    api.send('/a2a/v1/message:send', {
      method: 'POST',
      body: JSON.stringify({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts } }),
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    });

  describe('remote tools (MCP) and A2A', () => {
    it('initializes MCP, lists the tools and calls one, in the 2025-11-25 era', async () => {
      const initialized = await rpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'conformance', version: '1' } },
      });
      expect(initialized.status, initialized.text).toBe(200);
      expect(initialized.body.result).toMatchObject({ protocolVersion: '2025-11-25', capabilities: { tools: {} } });
      const legacy = { 'mcp-protocol-version': '2025-11-25' };
      const listed = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, legacy);
      const names = listed.body.result.tools.map((tool: { name: string }) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['arena.challenge', 'arena.arrival', 'arena.join_daily_league', 'league.submit', 'arena.verify_receipt', 'packet_run.play', 'state_forge.play']),
      );
      for (const tool of listed.body.result.tools) expect(tool.outputSchema?.type, tool.name).toBe('object');
      const called = await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'packet_run.submit', arguments: { actions: 'UURR' } } }, legacy);
      expect(called.status).toBe(200);
      const { structuredContent, content, isError } = called.body.result;
      expect(isError).toBeFalsy();
      expect(JSON.parse(content[0].text)).toEqual(structuredContent);
      expect(structuredContent.receipt.checksum).toBe((await api.get('/api/games/packet-run/play?actions=UURR')).body.receipt.checksum);
    });

    it('serves the 2026-07-28 era statelessly: server/discover, then a tool call with the envelope', async () => {
      const discovered = await rpc(
        { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: ENVELOPE } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
      );
      expect(discovered.status, discovered.text).toBe(200);
      expect(discovered.body.result.supportedVersions).toContain('2026-07-28');
      const called = await rpc(
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'arena.stats', arguments: {}, _meta: ENVELOPE } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'arena.stats' },
      );
      expect(called.status, called.text).toBe(200);
      expect(called.body.result.structuredContent).toMatchObject({ protocol: 'svc-arena/0.1', totals: expect.any(Object) });
    });

    it('answers malformed JSON-RPC with JSON-RPC errors below 500, bad arguments as tool errors, an unknown tool as invalid params', async () => {
      const parse = await api.send('/api/mcp', { method: 'POST', body: '{oops', headers: MCP_HEADERS });
      expect(parse.status).toBeLessThan(500);
      expect(parse.body.error.code).toBe(-32700);
      const legacy = { 'mcp-protocol-version': '2025-11-25' };
      // The SDK's JSON Schema validator (Ajv, or @cfworker/json-schema on Workers) refuses these before the route sees them.
      const badArguments = await rpc({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'packet_run.submit', arguments: { actions: 5 } } }, legacy);
      expect(badArguments.body.result.isError).toBe(true);
      const unknown = await rpc({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'no.such_tool', arguments: {} } }, legacy);
      expect(unknown.status).toBeLessThan(500);
      expect(unknown.body.error.code).toBe(-32602);
    });

    it('refuses an idempotencyKey the Idempotency-Key header could not carry with a tool error that says so', async () => {
      const legacy = { 'mcp-protocol-version': '2025-11-25' };
      const listed = await rpc({ jsonrpc: '2.0', id: 10, method: 'tools/list', params: {} }, legacy);
      const arrival = listed.body.result.tools.find((tool: { name: string }) => tool.name === 'arena.arrival');
      expect(arrival.inputSchema.properties.idempotencyKey).toMatchObject({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]{1,255}$' });
      const checkIn = { displayName: 'Key Tester', model: 'unknown', sentBy: 'conformance', purpose: 'Testing key checks.', operatorAuthorized: true };
      for (const idempotencyKey of ['line\nbreak', 'with space', 'é', '']) {
        const called = await rpc({ jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 'arena.arrival', arguments: { ...checkIn, idempotencyKey } } }, legacy);
        expect(called.status, called.text).toBe(200);
        const { isError, content } = called.body.result;
        expect(isError, JSON.stringify(idempotencyKey)).toBe(true);
        expect(content[0].text).toMatch(/idempotencyKey/);
        expect(content[0].text).toMatch(/1 to 255 visible ASCII characters/);
        expect(content[0].text).not.toMatch(/Headers|header value/);
      }
      // A key of every visible character passes the validator's own pattern check too: only the missing field is named.
      const { purpose: _, ...withoutPurpose } = checkIn;
      const visible = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
      const missing = await rpc(
        { jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'arena.arrival', arguments: { ...withoutPurpose, idempotencyKey: visible } } },
        legacy,
      );
      expect(missing.body.result.isError).toBe(true);
      expect(missing.body.result.content[0].text).toMatch(/purpose/);
      expect(missing.body.result.content[0].text).not.toMatch(/idempotencyKey/);
    });

    it('joins the league over MCP and submits with the key in the request’s Authorization header, each write with a derived key', async () => {
      const legacy = { 'mcp-protocol-version': '2025-11-25' };
      const tool = async (id: number, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) => {
        const called = await rpc({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }, { ...legacy, ...headers });
        expect(called.status, called.text).toBe(200);
        return called.body.result as { isError?: boolean; structuredContent: Record<string, any> };
      };
      const today = (await tool(20, 'league.today', {})).structuredContent;
      const handle = `mcp-${crypto.randomUUID().slice(0, 8)}`;
      const join = { challengeToken: today.challengeToken, actions: finishingTape(today.board), registrationNonce: freshNonce(), agent: { handle } };
      const joined = await tool(21, 'arena.join_daily_league', join);
      expect(joined.isError, JSON.stringify(joined)).toBeFalsy();
      // The same call again is the same write, answered once.
      expect((await tool(22, 'arena.join_daily_league', join)).structuredContent.apiKey).toBe(joined.structuredContent.apiKey);
      const keyed = { authorization: `Bearer ${joined.structuredContent.apiKey}` };
      const submitted = await tool(23, 'league.submit', { challengeToken: today.challengeToken, actions: 'UURR' }, keyed);
      expect(submitted.isError, JSON.stringify(submitted)).toBeFalsy();
      expect(submitted.structuredContent).toMatchObject({ attempt: { number: 2, declaration: { handle } } });
      const verdict = await tool(24, 'arena.verify_receipt', { evidence: submitted.structuredContent.attempt.result });
      expect(verdict.structuredContent).toMatchObject({ valid: true, game: 'packet-run' });
    });

    it('calls an A2A skill named in a data part', async () => {
      const answer = await a2a([{ data: { skill: 'league.today', arguments: {} } }]);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.task.artifacts[0].parts[0].data.board).toEqual((await api.get('/api/league')).body.board);
    });

    it('describes the MCP server in server.json at both addresses', async () => {
      for (const path of ['/mcp/server.json', '/api/mcp/server.json']) {
        const { status, body } = await api.get(path);
        expect(status, path).toBe(200);
        expect(body).toMatchObject({ $schema: expect.stringContaining('server.schema.json'), remotes: [{ type: 'streamable-http', url: `${target.baseUrl()}/api/mcp` }] });
      }
    });

    it('publishes an A2A v1.0 agent card with one HTTP+JSON interface', async () => {
      const { status, body } = await api.get('/.well-known/agent-card.json');
      expect(status).toBe(200);
      expect(body.supportedInterfaces).toEqual([{ url: `${target.baseUrl()}/a2a/v1`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' }]);
      expect(body.skills.map((skill: { id: string }) => skill.id)).toEqual(expect.arrayContaining(['orientation', 'packet_run.submit', 'league.submit', 'arena.verify_receipt']));
    });

    it('orients an A2A client with a completed task', async () => {
      const answer = await a2a([{ text: 'What is this arena?' }]);
      expect(answer.status, answer.text).toBe(200);
      const { task } = answer.body;
      expect(task.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task.artifacts[0].parts[0].data.currentNeed).toEqual((await api.get('/api/dispatch')).body.currentNeed);
    });

    it('plays Packet Run for an A2A client: the artifact is the scored run and its checksum holds', async () => {
      const answer = await a2a([{ data: { actions: 'UURRUURUURRRDUUR' } }]);
      expect(answer.status, answer.text).toBe(200);
      const { receipt, ...run } = answer.body.task.artifacts[0].parts[0].data;
      expect(run).toMatchObject({ game: 'packet-run', breakdown: { total: 76 } });
      expect(receipt.checksum).toBe(`sha256:${createHash('sha256').update(canonicalize(run)!).digest('hex')}`);
    });
  });
}
