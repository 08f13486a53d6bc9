import { describe, expect, it } from 'vitest';
import { testArena } from '../../test/support/arena-context.ts';
import type { Caller } from './call-route.ts';
import { derivedIdempotencyKey } from './derived-key.ts';

const SECRET = new Uint8Array(32).fill(7);
const caller = { request: new Request('https://arena.test/api/mcp', { method: 'POST' }), connection: { clientAddress: '192.0.2.1' } } as unknown as Caller;

/** A token argument no schema reads inside: it can hold what canonical JSON cannot (a lone surrogate). */
const UNENCODABLE = { challengeToken: 'eyJ\ud800', actions: 'RRDD' };

describe('derivedIdempotencyKey', () => {
  it('derives a key for arguments with no canonical JSON form, the same for the same call and another for another', () => {
    const key = derivedIdempotencyKey(SECRET, caller, 'league.submit', UNENCODABLE);
    expect(key).toMatch(/^derived-[0-9a-f]{64}$/);
    expect(derivedIdempotencyKey(SECRET, caller, 'league.submit', { ...UNENCODABLE })).toBe(key);
    expect(derivedIdempotencyKey(SECRET, caller, 'league.submit', { ...UNENCODABLE, challengeToken: 'eyJ\udfff' })).not.toBe(key);
  });

  it('lets a bridged write without a key reach its route, which answers its own refusal, not a failure', async () => {
    const arena = await testArena();
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      arena.fetch(new Request(`https://arena.test${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }));
    const agent = { authorization: `Bearer arena_${'A'.repeat(43)}` };

    const a2a = await post(
      '/a2a/v1/message:send',
      { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ data: { skill: 'league.submit', arguments: UNENCODABLE } }] } },
      agent,
    );
    expect(a2a.status).toBe(200);
    // The route's own refusal, as a rejected task.
    expect(await a2a.json()).toMatchObject({ task: { status: { state: 'TASK_STATE_REJECTED' } } });

    const mcpHeaders = { ...agent, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
    const mcp = await post('/api/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'league.submit', arguments: UNENCODABLE } }, mcpHeaders);
    const result = ((await mcp.json()) as { result: { isError: boolean; content: { text: string }[] } }).result;
    // The route's own answer (the key is unknown), not the text of an exception.
    expect(result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/"status":401/) }] });
  });
});
