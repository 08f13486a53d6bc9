import { beforeAll, describe, expect, it } from 'vitest';
import { joinedAgent } from '../support/agents.ts';
import { client, expectProblem } from '../support/http.ts';
import { freshKey } from '../support/fixtures/league.ts';
import type { Target } from './define.ts';

/** A body nested 5,000 deep: arrays inside the value of a member. */
const DEEP = `{"actions":"UR","deep":${'['.repeat(5000)}${']'.repeat(5000)}}`;

interface Operation {
  method: string;
  path: string;
}

/**
 * Every operation that takes a body, as the published API describes it, refuses a body nested
 * past the documented depth with 400 before any work is done on it; the MCP and A2A bridges
 * answer the same in their own shapes.
 */
export function deepJson(target: Target): void {
  describe('bodies nested past the depth limit', () => {
    const api = client(target.baseUrl);
    let operations: Operation[] = [];
    let headers: Record<string, string> = {};

    beforeAll(async () => {
      const { paths } = (await api.get('/openapi.json')).body as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
      operations = Object.entries(paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => Object.keys(operation.requestBody?.content ?? {}).some((type) => type.includes('json')))
          .map(([method, _]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
      );
      const agent = await joinedAgent(target.baseUrl, `deep-${target.runtime}`);
      headers = { 'content-type': 'application/json', authorization: `Bearer ${agent.key}` };
    });

    it('refuses it on every HTTP operation with a JSON body, with 400 problem+json', async () => {
      const http = operations.filter(({ path }) => path !== '/api/mcp' && !path.startsWith('/a2a/'));
      expect(http.length).toBeGreaterThan(8);
      for (const { method, path } of http) {
        const bearer: Record<string, string> = path.endsWith('/status') ? { authorization: `Bearer ${target.operatorToken}` } : {};
        const answer = await api.send(path, { method, body: DEEP, headers: { ...headers, ...bearer, 'idempotency-key': freshKey() } });
        expectProblem(answer, 400, 'invalid-request');
        expect(answer.body.detail, `${method} ${path}`).toMatch(/nest .* at most 32 levels/);
      }
    });

    it('refuses it over MCP with a JSON-RPC Invalid Request, and over A2A with INVALID_ARGUMENT', async () => {
      const mcp = await api.send('/api/mcp', { method: 'POST', body: DEEP, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });
      expect(mcp.status).toBe(400);
      expect(mcp.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });

      const metadata = `{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hello"}],"metadata":{"x":${'['.repeat(5000)}${']'.repeat(5000)}}}}`;
      const a2a = await api.send('/a2a/v1/message:send', { method: 'POST', body: metadata, headers: { 'content-type': 'application/json' } });
      expect(a2a.status).toBe(400);
      expect(a2a.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });

      const inText = JSON.stringify({ message: { messageId: 'm2', role: 'ROLE_USER', parts: [{ text: `{"actions":"UR","x":${'['.repeat(5000)}${']'.repeat(5000)}}` }] } });
      const textPart = await api.send('/a2a/v1/message:send', { method: 'POST', body: inText, headers: { 'content-type': 'application/json' } });
      expect(textPart.status).toBe(400);
      expect(textPart.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    });
  });
}
