/**
 * One reader of new events per instance (core/events/tail.ts): the store is read once per batch
 * of new events however many streams follow, each stream gets every event after its cursor that
 * its filter takes, in order, with no gap and no repeat, whether it resumes from long ago or
 * joins the tail at once, with writes by this instance or by others (found by the poll); and a
 * client that falls too far behind is ended, to resume from its last id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import type { EventKind } from '../../core/events/records.ts';
import { FOLLOWER_BUFFER } from '../../core/events/stream.ts';
import type { Store } from '../../core/store/store.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';
import { newArrival } from '../support/fixtures/social-records.ts';
import { newAgent, newAttempt } from '../support/fixtures/store-records.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An in-process arena whose streams poll every `pollMs` and stay quiet otherwise. */
async function arenaOn(store: Store, pollMs = 5, oneReader = true) {
  return createArena({ signingKey: randomSeed(), secret: randomSeed(), store, events: { pollMs, heartbeatMs: 600_000, streamsPerClient: 999 }, sharedWork: oneReader });
}

/** An NDJSON stream of `arena`, read a line at a time. */
async function ndjsonStream(arena: ReturnType<typeof createArena>, query = '', lastEventId?: string) {
  const headers: Record<string, string> = { accept: 'application/x-ndjson' };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const answer = await arena.fetch(new Request(`http://arena.test/api/events${query}`, { headers }), { clientAddress: '192.0.2.7' });
  expect(answer.status).toBe(200);
  const reader = answer.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let ended = false;
  /** The next message (heartbeats skipped); undefined once the stream has ended. */
  const next = async (): Promise<Record<string, any> | undefined> => {
    for (;;) {
      const newline = buffered.indexOf('\n');
      if (newline !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line !== '') return JSON.parse(line);
        continue;
      }
      if (ended) return undefined;
      const { done, value } = await reader.read();
      if (done) ended = true;
      else buffered += decoder.decode(value, { stream: true });
    }
  };
  const opened = await next();
  expect(opened?.kind).toBe('stream.opened');
  return { opened: opened!, next, close: () => reader.cancel() };
}

/** Writes `count` events the way another instance would: straight to the store, no bell rung here. */
async function writeElsewhere(store: Store, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await store.recordArrival(newArrival(), 1_000_000);
}

/** Reads a stream's events until it has `last` (by id), failing after a while. */
async function eventsThrough(stream: Awaited<ReturnType<typeof ndjsonStream>>, last: number): Promise<number[]> {
  const ids: number[] = [];
  if (last <= stream.opened.id) return ids;
  for (;;) {
    const message = await stream.next();
    if (message === undefined) throw new Error(`the stream ended before event ${last} (it had ${ids.at(-1)})`);
    ids.push(message.id);
    if (message.id >= last) return ids;
  }
}

describe('the events tail', () => {
  it('reads the store once per batch of new events, however many streams follow it', async () => {
    const memory = await openMemoryStore();
    const counts = { eventsAfter: 0, arrivalById: 0 };
    const store: Store = {
      ...memory,
      eventsAfter: (...args) => (counts.eventsAfter++, memory.eventsAfter(...args)),
      arrivalById: (...args) => (counts.arrivalById++, memory.arrivalById(...args)),
    };
    // A long poll: reads happen only when this instance's own writes ring the bell.
    const arena = await arenaOn(store, 60_000);
    const readsPerWrite: Record<number, { eventsAfter: number; arrivalById: number }> = {};
    for (const streams of [1, 40]) {
      const open = await Promise.all(Array.from({ length: streams }, () => ndjsonStream(arena)));
      // Each asks for its next message, and so catches up and joins the tail.
      const delivering = Promise.all(open.map((stream) => stream.next()));
      await pause(50);
      counts.eventsAfter = 0;
      counts.arrivalById = 0;
      // Through the route, as a client writes: the bell rings once it is answered.
      const checkIn = { displayName: 'Counted', model: 'example-1', sentBy: 'a test', purpose: 'Counting reads.', operatorAuthorized: true };
      const answer = await arena.fetch(
        new Request('http://arena.test/api/arrival', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `count-${streams}` },
          body: JSON.stringify(checkIn),
        }),
        { clientAddress: '192.0.2.8' },
      );
      expect(answer.status).toBe(201);
      const delivered = await delivering;
      expect(new Set(delivered.map((message) => message?.kind))).toEqual(new Set(['arrival.recorded']));
      readsPerWrite[streams] = { ...counts };
      await Promise.all(open.map((stream) => stream.close()));
      await pause(20);
    }
    expect(readsPerWrite[1]).toEqual({ eventsAfter: 1, arrivalById: 1 });
    expect(readsPerWrite[40]).toEqual({ eventsAfter: 1, arrivalById: 1 });
    await store.close();
  });

  it.each([
    ['following the one reader', true],
    ['each reading on its own (as on Workers)', false],
  ])('gives each stream every event after its cursor its filter takes, in order, once, however streams and writes interleave: %s', async (_, oneReader) => {
    const KINDS: (EventKind[] | undefined)[] = [undefined, ['arrival.recorded'], ['attempt.retained', 'standings.changed'], ['field.changed']];
    const step = fc.oneof(
      fc.record({ write: fc.constantFrom('here', 'elsewhere'), count: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ open: fc.nat(), kinds: fc.constantFrom(...KINDS), readEveryMs: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ pause: fc.integer({ min: 0, max: 12 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 14 }), async (steps) => {
        const store = await openMemoryStore();
        const arena = await arenaOn(store, 3, oneReader);
        const agent = newAgent();
        await store.registerAgent(agent);
        // Each stream is read from the moment it opens, while the writes go on, some slowly: a
        // stream catching up then joins a tail that has moved on meanwhile.
        const streams: { stream: Awaited<ReturnType<typeof ndjsonStream>>; cursor: number; kinds: EventKind[] | undefined; received: number[]; reading: Promise<void> }[] = [];
        try {
          for (const current of steps) {
            if ('write' in current) {
              for (let i = 0; i < current.count; i++) {
                if (current.write === 'elsewhere') await writeElsewhere(store, 1);
                // An attempt writes several events (retained, standings, field), of one agent.
                else await store.retainAttempt(newAttempt(agent, { reachedExit: i % 2 === 0 }), 10);
              }
            } else if ('open' in current) {
              const latest = (await store.eventIds()).newest;
              const cursor = latest === 0 ? 0 : current.open % (latest + 1);
              const stream = await ndjsonStream(arena, current.kinds ? `?kind=${current.kinds.join(',')}` : '', String(cursor));
              const received: number[] = [];
              const reading = (async () => {
                for (let message = await stream.next(); message !== undefined; message = await stream.next()) {
                  received.push(message.id);
                  await pause(current.readEveryMs);
                }
              })();
              streams.push({ stream, cursor, kinds: current.kinds, received, reading });
            } else {
              await pause(current.pause);
            }
          }
          for (const { stream, cursor, kinds, received } of streams) {
            const expected = (await store.eventsAfter(cursor, kinds ? { kinds } : {}, 10_000)).map((event) => event.id);
            expect(stream.opened.id).toBe(cursor);
            for (const deadline = Date.now() + 5_000; received.length < expected.length && Date.now() < deadline; ) await pause(5);
            expect(received).toEqual(expected);
          }
        } finally {
          await Promise.all(streams.map(({ stream }) => stream.close()));
          await Promise.all(streams.map(({ reading }) => reading.catch(() => undefined)));
          await store.close();
        }
      }),
      { numRuns: 25 },
    );
  });

  it(`ends a stream whose client falls more than ${FOLLOWER_BUFFER} events behind; it resumes from its last id with nothing lost`, async () => {
    const store = await openMemoryStore();
    const arena = await arenaOn(store, 2);
    const slow = await ndjsonStream(arena);
    const first = (await store.eventIds()).newest;
    // Read one event, which comes from the tail (the stream asked for it before it was written),
    // then nothing while many more are written.
    const reading = eventsThrough(slow, first + 1);
    await pause(20);
    await writeElsewhere(store, 1);
    const [received] = await reading;
    await writeElsewhere(store, FOLLOWER_BUFFER + 50);
    await pause(50);
    const latest = (await store.eventIds()).newest;
    const seen = [received!];
    for (let message = await slow.next(); message !== undefined; message = await slow.next()) seen.push(message.id);
    // It ended before the last event: it was dropped from the tail, not kept growing.
    expect(seen.at(-1)).toBeLessThan(latest);
    const resumed = await ndjsonStream(arena, '', String(seen.at(-1)));
    const rest = await eventsThrough(resumed, latest);
    const all = [...seen, ...rest];
    expect(all).toEqual(Array.from({ length: latest - first }, (_, index) => first + 1 + index));
    await resumed.close();
    await store.close();
  });
});
