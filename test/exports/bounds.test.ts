/**
 * Exports' bounds, in process: at most so many under way per client, each holding its place
 * until its body ends or its client goes, and a client that goes while its export waits for a
 * turn at the store frees everything at once, with nothing logged.
 */
import { describe, expect, it } from 'vitest';
import { createArena, randomSeed, type ArenaEvent } from '../../core/index.ts';
import type { Store } from '../../core/store/store.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';

const EXPORT = 'http://arena.test/api/exports/arrivals';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function arenaWith(store: Store, exportsPerClient: number) {
  const failures: ArenaEvent[] = [];
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store, exportsPerClient, log: (event) => event.event === 'failure' && failures.push(event) });
  const open = (client: string, init?: RequestInit) => arena.fetch(new Request(EXPORT, init), { clientAddress: client });
  return { arena, open, failures };
}

describe('exports under way', () => {
  it('are at most so many per client, 429 past them, and a place comes back when an export ends or its client goes', async () => {
    const { open, failures } = await arenaWith(await openMemoryStore(), 2);
    // Answers whose bodies are not read yet: each export is under way until they are.
    const first = await open('192.0.2.1');
    const second = await open('192.0.2.1');
    expect([first.status, second.status]).toEqual([200, 200]);
    const refused = await open('192.0.2.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await refused.json()).detail).toMatch(/already has 2 exports under way/);
    // Another client has its own allowance.
    expect((await open('192.0.2.2')).status).toBe(200);
    // Read to its end: the export's place is given back.
    await first.text();
    const third = await open('192.0.2.1');
    expect(third.status).toBe(200);
    // Its client gone: so is its place.
    await second.body!.cancel();
    expect((await open('192.0.2.1')).status).toBe(200);
    // A client that went while its export was being opened holds no place.
    for (let i = 0; i < 3; i++) expect((await open('192.0.2.3', { signal: AbortSignal.abort() })).status).toBe(200);
    expect((await open('192.0.2.3')).status).toBe(200);
    expect(failures).toEqual([]);
  });

  it('free their place and ask the store nothing more when their client goes while they wait for a turn', async () => {
    const memory = await openMemoryStore();
    let gate: () => void = () => {};
    let reads = 0;
    const held = new Promise<void>((resolve) => (gate = resolve));
    const store: Store = { ...memory, listArrivals: async (page) => (reads++, await held, memory.listArrivals(page)) };
    const { open, failures } = await arenaWith(store, 2);
    // The first export takes the turn and holds it, its page read waiting on the store.
    const holding = await open('192.0.2.1');
    const holdingRead = holding.body!.getReader().read();
    await pause(10);
    expect(reads).toBe(1);
    // The second waits for its turn; then its client goes.
    const waiting = await open('192.0.2.1');
    const waitingReader = waiting.body!.getReader();
    const waitingRead = waitingReader.read();
    await pause(10);
    expect((await open('192.0.2.1')).status).toBe(429);
    await waitingReader.cancel();
    expect((await waitingRead).done).toBe(true);
    // Its place is back at once, before the turn it waited for has come.
    const next = await open('192.0.2.1');
    expect(next.status).toBe(200);
    gate();
    await holdingRead;
    await pause(20);
    // The export that went never read a page: only the first export and nothing else asked the store.
    expect(reads).toBe(1);
    await next.body!.cancel();
    expect(failures).toEqual([]);
  });
});
