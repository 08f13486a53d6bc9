import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { BenchCase, Row } from '../case.ts';
import { startChildServer, type ChildServer } from '../child-server.ts';
import { treeRssMb } from '../rss.ts';
import { FOLLOWER_BUFFER } from '../../core/events/stream.ts';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';

/** Streams whose client stops reading once the stream has opened. */
const SLOW = 1_000;
/** Events written while the slow streams hold still: fewer than a stream may keep waiting. */
const WITHIN = FOLLOWER_BUFFER - 100;
/** Streams opened at a time. */
const OPEN_BATCH = 200;
/** Waited after the last stream opened, or the last event reached the reading stream, before memory is read. */
const SETTLE_MS = 2_000;
/** A check-in's purpose at its longest: events of about a kilobyte each. */
const PURPOSE = 'A slow reader holds still while the arena goes on writing. '.repeat(9).slice(0, 500);
/** Linux counts TCP's memory (/proc/net/sockstat) in pages of this many bytes. */
const PAGE_BYTES = 4096;

const log = (line: string) => console.error(`slow-streams: ${line}`);

/** Streams opened with `after=0`, each with every event still to catch up on, whose client stops reading at once. */
const REPLAYING = 1_000;

export const slowStreamsCase: BenchCase = {
  name: 'slow-streams',
  about: `
What an event stream costs the server while its client does not read (issue 31). The real Node
adapter on SQLite (its own child process); the bench opens ${SLOW.toLocaleString('en-US')} streams
(\`GET /api/events\`, Server-Sent Events, ${OPEN_BATCH} at a time) and, once each has sent its first
message, stops reading it (the socket paused: the client's TCP window fills, then the server's
send buffer), and one more stream that reads everything. The server's resident memory (its
process tree's VmRSS, from /proc) is read ${SETTLE_MS / 1000} s after the streams opened (idle), and again after ${WITHIN}
check-ins of about a kilobyte each (fewer than the ${FOLLOWER_BUFFER} events a stream may keep waiting) have
reached the reading stream (slow): the difference, per stream, is what a slow stream holds in the
server's process. The kernel's part, the TCP memory of the whole machine (/proc/net/sockstat),
is given beside it. Then ${REPLAYING.toLocaleString('en-US')} more streams open with \`after=0\`, each with all ${WITHIN} events to catch up on from
the store, and stop reading once their first message has arrived: the server's growth, per stream, is what a slow
reader that is catching up holds. (A follower that falls more than ${FOLLOWER_BUFFER} events behind is ended, for its client to resume
from the store: \`test/events/one-tail.test.ts\` holds that.)`,
  async run() {
    const env = {
      ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
      ARENA_ANONYMOUS_WRITES_PER_HOUR: '0',
      ARENA_ARRIVAL_DAILY_CAP: '100000',
      ARENA_EVENTS_PER_CLIENT: String(SLOW + REPLAYING + 1),
      ARENA_EVENTS_MAX: String(SLOW + REPLAYING + 1),
    };
    const server = await startChildServer('adapters/node (SQLite, slow streams)', ['scripts/run-built.mjs', 'node'], env);
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const slow: SlowStream[] = [];
    try {
      const before = treeRssMb(server.pid);
      const tcpBefore = tcpMemoryMb();
      const reader = await openStream(server, agent, false);
      const openSlow = async (count: number, query = '') => {
        for (let opened = 0; opened < count; opened += OPEN_BATCH) {
          slow.push(...(await Promise.all(Array.from({ length: Math.min(OPEN_BATCH, count - opened) }, () => openStream(server, agent, true, query)))));
        }
      };
      await openSlow(SLOW);
      await pause(SETTLE_MS);
      const idle = treeRssMb(server.pid);
      const tcpIdle = tcpMemoryMb();
      const sent = await checkIns(server, WITHIN);
      await reader.received(WITHIN);
      await pause(SETTLE_MS);
      const held = treeRssMb(server.pid);
      const tcpHeld = tcpMemoryMb();
      log(`RSS ${before} MB, ${idle} MB with ${SLOW} idle streams, ${held} MB with ${WITHIN} events unread by each`);
      await openSlow(REPLAYING, '?after=0');
      await pause(SETTLE_MS);
      const replaying = treeRssMb(server.pid);
      const tcpReplaying = tcpMemoryMb();
      const kb = (megabytes: number, streams = SLOW) => (megabytes * 1024) / streams;
      return [
        { label: `server RSS per idle stream, ${SLOW.toLocaleString('en-US')} streams, Node + SQLite`, value: kb(idle - before), unit: 'KB', note: `RSS ${before} -> ${idle} MB` },
        {
          label: `server RSS per slow stream, ${WITHIN} events unread`,
          value: kb(held - idle),
          unit: 'KB',
          note: `${Math.round(sent / 1024)} KB of events sent to each; RSS ${idle} -> ${held} MB; the machine's TCP memory ${tcpIdle} -> ${tcpHeld} MB (${tcpBefore} MB before the streams)`,
        },
        {
          label: `server RSS per slow stream catching up on ${WITHIN} events`,
          value: kb(replaying - held, REPLAYING),
          unit: 'KB',
          note: `RSS ${held} -> ${replaying} MB; the machine's TCP memory ${tcpHeld} -> ${tcpReplaying} MB`,
        },
      ] satisfies Row[];
    } finally {
      for (const stream of slow) stream.destroy();
      agent.destroy();
      await server.stop();
    }
  },
};

interface SlowStream {
  destroy(): void;
}

interface ReadingStream {
  /** Resolves once `count` events have arrived. */
  received(count: number): Promise<void>;
}

/** Opens a stream; once its first message has arrived, a slow one stops reading. */
function openStream(server: ChildServer, agent: http.Agent, slow: true, query?: string): Promise<SlowStream>;
function openStream(server: ChildServer, agent: http.Agent, slow: false): Promise<ReadingStream>;
function openStream(server: ChildServer, agent: http.Agent, slow: boolean, query = ''): Promise<SlowStream | ReadingStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.origin}/api/events${query}`, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /api/events answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let events = 0;
      let text = '';
      const waiters: (() => void)[] = [];
      response.on('data', (chunk: string) => {
        text += chunk;
        const frames = text.split('\n\n');
        text = frames.pop()!;
        events += frames.filter((frame) => frame.startsWith('id: ') && !frame.includes('event: stream.opened')).length;
        for (const wake of waiters.splice(0)) wake();
      });
      const until = (done: () => boolean, ms: number) =>
        new Promise<boolean>((settle) => {
          const timer = setTimeout(() => settle(done()), ms);
          const check = () => (done() ? (clearTimeout(timer), settle(true)) : waiters.push(check));
          check();
        });
      response.once('data', () => {
        if (!slow) {
          resolve({
            received: async (count) => {
              if (!(await until(() => events >= count, 60_000))) throw new Error(`the reading stream had ${events} events, not ${count}`);
            },
          });
          return;
        }
        response.pause();
        resolve({ destroy: () => request.destroy() });
      });
    });
    request.on('error', reject);
  });
}

/** Writes `count` check-ins one after another; gives the bytes of event text each stream is sent for them, about. */
async function checkIns(server: ChildServer, count: number): Promise<number> {
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const body = { displayName: `Slow reader ${i}`, model: 'bench', sentBy: 'slow-streams', purpose: PURPOSE, operatorAuthorized: true };
    const answer = await fetch(`${server.origin}/api/arrival`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
    const text = await answer.text();
    if (answer.status !== 201) throw new Error(`POST /api/arrival answered ${answer.status}: ${text}`);
    // The event carries the record, about as long as the answer, and its framing.
    bytes += text.length + 120;
  }
  return bytes;
}

/** The machine's TCP memory, in MB: the kernel's socket buffers, which no process's RSS counts. */
function tcpMemoryMb(): number {
  const pages = Number(/TCP:.*\bmem (\d+)/.exec(readFileSync('/proc/net/sockstat', 'utf8'))?.[1] ?? Number.NaN);
  return Math.round((pages * PAGE_BYTES) / 1024 / 102.4) / 10;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
