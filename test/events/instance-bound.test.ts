/**
 * The instance-wide bound on open event streams: past it a new stream is refused 503 with
 * Retry-After (another instance may have room), whoever asks, and a place is freed as a stream
 * ends. In process: the bound is the instance's, whatever the runtime.
 */
import { describe, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';

describe('the open event streams of one instance', () => {
  it('are at most events.maxStreams, whoever the clients: 503 with Retry-After past it, a place freed as one ends', async () => {
    const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore(), events: { maxStreams: 3, streamsPerClient: 2 } });
    const open = (client: string) => arena.fetch(new Request('http://arena.test/api/events'), { clientAddress: client });
    const held = [await open('192.0.2.1'), await open('192.0.2.2'), await open('192.0.2.3')];
    expect(held.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const refused = await open('192.0.2.4');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await refused.json()).detail).toMatch(/holds 3 open event streams/);
    // The per-client bound still comes first for a client at its own limit.
    await held.shift()!.body!.cancel();
    const again = [await open('192.0.2.2')];
    expect(again[0]!.status).toBe(200);
    expect((await open('192.0.2.2')).status).toBe(429);
    for (const answer of [...held, ...again]) await answer.body!.cancel();
  });
});
