/**
 * D1 bindings of a Miniflare, reached from Node through a tiny Worker that runs each statement on
 * the real binding. Miniflare's own Node proxy for bindings (`getD1Database`) makes a synchronous
 * cross-thread fetch on every property access (each `prepare`), and under a loaded test run we
 * saw it fail an internal assertion and stop answering; `dispatchFetch` is plain async HTTP.
 */
import { Miniflare } from 'miniflare';
import type { D1DatabaseLike, D1StatementLike } from '../../storage/index.ts';

const WORKER = `
export default {
  async fetch(request, env) {
    const { binding, sql, parameters } = await request.json();
    try {
      const { results, meta } = await env[binding].prepare(sql).bind(...parameters).all();
      return Response.json({ results, meta: { changes: meta.changes, last_row_id: meta.last_row_id } });
    } catch (error) {
      return Response.json({ error: String(error && error.message) }, { status: 500 });
    }
  },
};`;

/** A Miniflare with `count` D1 databases, bound as DB0, DB1, … */
export function miniflareWithDatabases(count: number): Miniflare {
  const d1Databases = Array.from({ length: count }, (_, index) => `DB${index}`);
  return new Miniflare({ modules: true, script: WORKER, d1Databases });
}

/** The binding `DB<index>` as a `D1DatabaseLike`, each statement sent to the Worker. */
export function bridgedDatabase(miniflare: Miniflare, index: number): D1DatabaseLike {
  const binding = `DB${index}`;
  const statement = (sql: string, parameters: unknown[]): D1StatementLike => ({
    bind: (...values) => statement(sql, values),
    async all() {
      const response = await miniflare.dispatchFetch('http://d1.bridge/', { method: 'POST', body: JSON.stringify({ binding, sql, parameters }) });
      const body = (await response.json()) as { error?: string; results?: unknown[]; meta?: { changes?: number; last_row_id?: number } };
      if (body.error !== undefined) throw new Error(body.error);
      return body;
    },
  });
  return { prepare: (sql) => statement(sql, []) };
}
