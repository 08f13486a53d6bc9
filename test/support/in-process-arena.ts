import { createArena, randomSeed } from '../../core/index.ts';
import type { Store } from '../../core/store/store.ts';
import { openMemoryStore } from './fixtures/memory-store.ts';

/** A whole arena in this process, on an in-memory store, with a clock the test moves. */
export async function inProcessArena(start: string, options: { clubhouse?: 'open' | 'forming' } = {}) {
  const clock = { now: Date.parse(start) };
  const store: Store = await openMemoryStore();
  const secret = randomSeed();
  const arena = createArena({ signingKey: randomSeed(), secret, store, now: () => clock.now, ...options });
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await arena.fetch(new Request(`http://arena.test${path}`, init));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { arena, clock, store, secret, call, post };
}
