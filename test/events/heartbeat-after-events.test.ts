/**
 * A stream following the tail sends its heartbeat after a full heartbeat's quiet, counted from the
 * last thing it sent: events that came since it began to wait put the heartbeat off, and none is
 * sent while events keep coming (its timer is left armed across wake-ups, core/events/stream.ts).
 */
import { expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import { openMemoryStore } from '../support/fixtures/memory-store.ts';
import { newArrival } from '../support/fixtures/social-records.ts';

const HEARTBEAT_MS = 400;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('sends the heartbeat a full heartbeat after the last event, never between events', async () => {
  const store = await openMemoryStore();
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store, events: { pollMs: 5, heartbeatMs: HEARTBEAT_MS, streamsPerClient: 9 }, sharedWork: true });
  const answer = await arena.fetch(new Request('http://arena.test/api/events', { headers: { accept: 'application/x-ndjson' } }), { clientAddress: '192.0.2.7' });
  expect(answer.status).toBe(200);
  const reader = answer.body!.getReader();
  const decoder = new TextDecoder();
  /** Every line read, and when (performance.now()): '' is a heartbeat. */
  const lines: { text: string; at: number }[] = [];
  let buffered = '';
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const at = performance.now();
      buffered += decoder.decode(value, { stream: true });
      for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
        lines.push({ text: buffered.slice(0, newline), at });
        buffered = buffered.slice(newline + 1);
      }
    }
  })();
  try {
    // Events more often than the heartbeat, from before its first would be due to well after.
    for (let i = 0; i < 5; i++) {
      await store.recordArrival(newArrival(), 1_000_000);
      await pause(HEARTBEAT_MS / 3);
    }
    const deadline = performance.now() + HEARTBEAT_MS * 10;
    while (!lines.some(({ text }) => text === '') && performance.now() < deadline) await pause(10);
    const heartbeat = lines.findIndex(({ text }) => text === '');
    expect(heartbeat).toBeGreaterThan(0);
    const events = lines.slice(1, heartbeat);
    expect(events.map(({ text }) => JSON.parse(text).kind)).toEqual(Array(5).fill('arrival.recorded'));
    // A timer's granularity: it may fire a millisecond before performance.now() says it is due.
    expect(lines[heartbeat]!.at - events.at(-1)!.at).toBeGreaterThanOrEqual(HEARTBEAT_MS - 2);
  } finally {
    await reader.cancel();
    await reading;
  }
});
