import { describe, expect, it } from 'vitest';
import { testArena } from '../../test/support/arena-context.ts';

/** A path argument holding a lone surrogate, which no URL can carry. */
const UNENCODABLE = '\ud80003';

/**
 * A tool's path argument is text its schema does not confine, so it can hold a lone surrogate:
 * the bridged call still reaches its route, which answers that nothing has that name, as it
 * would for any other text no id holds. It was a 500 on A2A and an exception's text on MCP.
 */
describe('a bridged call with a lone surrogate in a path argument', () => {
  it('is answered by its route, over A2A and MCP', async () => {
    const arena = await testArena();
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      arena.fetch(new Request(`https://arena.test${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }));

    const a2a = await post('/a2a/v1/message:send', {
      message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ data: { skill: 'rules_desk.proposal', arguments: { number: UNENCODABLE } } }] },
    });
    expect(a2a.status).toBe(200);
    expect(await a2a.json()).toMatchObject({ task: { status: { state: 'TASK_STATE_REJECTED' } } });

    const mcpHeaders = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
    const mcp = await post('/api/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'rules_desk.proposal', arguments: { number: UNENCODABLE } } }, mcpHeaders);
    const { result } = (await mcp.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({ status: 404 });
  });
});
