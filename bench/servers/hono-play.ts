/**
 * Signed play in Hono on `@hono/node-server`: the same route as the arena's, validated with the
 * same valibot schema and answered by the same core functions, so only the HTTP layer (Hono's
 * router and its Node adapter against the arena's) differs.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PlayQuerySchema } from '../../core/games/packet-run/schema.ts';
import { signedRun } from '../../core/games/packet-run/signed-result.ts';
import { openMemoryStore } from '../../fixtures/memory-store.ts';
import { CLASSIC, PLAY_PATH, playContext, stopOnSignals } from './play-context.ts';

const context = await playContext(await openMemoryStore());
const app = new Hono();
app.get(PLAY_PATH, async (c) => {
  const query = v.safeParse(PlayQuerySchema, c.req.query());
  if (!query.success) return c.json({ title: 'invalid query' }, 400);
  return c.json(await signedRun(context, CLASSIC, query.output.actions, query.output.agent === undefined ? undefined : { name: query.output.agent }));
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`hono play listening on http://localhost:${info.port}`);
});
stopOnSignals((done) => server.close(done));
