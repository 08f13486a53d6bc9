/**
 * D1 bindings of a Miniflare, reached from Node through a tiny Worker that runs each statement on
 * the real binding. Miniflare's own Node proxy for bindings (`getD1Database`) makes a synchronous
 * cross-thread fetch on every property access (each `prepare`), and under a loaded test run we
 * saw it fail an internal assertion and stop answering. The statements go over one WebSocket per
 * Miniflare, each with an id its answer carries: a migration is some 140 statements, and an
 * HTTP request each (`dispatchFetch`) made the D1 suite the slowest file of the run.
 */
import { Miniflare } from 'miniflare';
import type { D1DatabaseLike, D1StatementLike } from '../../storage/index.ts';
import type { Statement } from './templates.ts';

const WORKER = `
export default {
  async fetch(request, env) {
    const [client, server] = Object.values(new WebSocketPair());
    server.accept();
    server.addEventListener('message', async (event) => {
      const { id, binding, sql, parameters, batch } = JSON.parse(event.data);
      try {
        if (batch) {
          await env[binding].batch(batch.map((statement) => env[binding].prepare(statement.sql).bind(...statement.parameters)));
          server.send(JSON.stringify({ id, results: [] }));
          return;
        }
        const { results, meta } = await env[binding].prepare(sql).bind(...parameters).all();
        server.send(JSON.stringify({ id, results, meta: { changes: meta.changes, last_row_id: meta.last_row_id } }));
      } catch (error) {
        server.send(JSON.stringify({ id, error: String(error && error.message) }));
      }
    });
    return new Response(null, { status: 101, webSocket: client });
  },
};`;

interface Answer {
  id: number;
  error?: string;
  results?: unknown[];
  meta?: { changes?: number; last_row_id?: number };
}

/** One statement, or a batch of them run as one transaction (D1's `batch`). */
type Message = { binding: string } & (Statement | { batch: Statement[] });

/** A message's answer by its id. */
type Send = (message: Message) => Promise<Answer>;

const channels = new WeakMap<Miniflare, Promise<Send>>();

/** A Miniflare with `count` D1 databases, bound as DB0, DB1, … */
export function miniflareWithDatabases(count: number): Miniflare {
  const d1Databases = Array.from({ length: count }, (_, index) => `DB${index}`);
  return new Miniflare({ modules: true, script: WORKER, d1Databases });
}

/** The Worker's socket, opened on first use, and the answers it is awaited for. */
function channelOf(miniflare: Miniflare): Promise<Send> {
  let channel = channels.get(miniflare);
  if (channel === undefined) {
    channel = (async () => {
      const response = await miniflare.dispatchFetch('http://d1.bridge/', { headers: { Upgrade: 'websocket' } });
      const socket = response.webSocket;
      if (!socket) throw new Error(`the D1 bridge answered ${response.status}, not a WebSocket`);
      socket.accept();
      const waiting = new Map<number, (answer: Answer) => void>();
      socket.addEventListener('message', (event) => {
        const answer = JSON.parse(String(event.data)) as Answer;
        waiting.get(answer.id)?.(answer);
        waiting.delete(answer.id);
      });
      let next = 0;
      return (message) =>
        new Promise<Answer>((resolve) => {
          const id = next++;
          waiting.set(id, resolve);
          socket.send(JSON.stringify({ id, ...message }));
        });
    })();
    channels.set(miniflare, channel);
  }
  return channel;
}

/** The binding `DB<index>` as a `D1DatabaseLike`, each statement sent to the Worker. */
export function bridgedDatabase(miniflare: Miniflare, index: number): D1DatabaseLike {
  const binding = `DB${index}`;
  const statement = (sql: string, parameters: unknown[]): D1StatementLike => ({
    bind: (...values) => statement(sql, values),
    async all() {
      const answer = await (await channelOf(miniflare))({ binding, sql, parameters });
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer;
    },
  });
  return { prepare: (sql) => statement(sql, []) };
}

/** Runs `statements` on `DB<index>` as one batch: a single message, one transaction in workerd. */
export async function runBatch(miniflare: Miniflare, index: number, statements: Statement[]): Promise<void> {
  const answer = await (await channelOf(miniflare))({ binding: `DB${index}`, batch: statements });
  if (answer.error !== undefined) throw new Error(answer.error);
}
