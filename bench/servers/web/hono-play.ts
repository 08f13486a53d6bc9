/**
 * Signed play in Hono on Bun and Deno, served by the runtime's own server: the counterpart of
 * `bench/servers/hono-play.ts`, with the same route, schema and core functions.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { PlayQuerySchema } from '../../../core/games/packet-run/schema.ts';
import { signedRun } from '../../../core/games/packet-run/signed-result.ts';
import { CLASSIC, PLAY_PATH, playContext } from '../play-context.ts';
import { memoryStore, serveWeb } from './serve.ts';

const context = await playContext(await memoryStore());
const app = new Hono();
app.get(PLAY_PATH, async (c) => {
  const query = v.safeParse(PlayQuerySchema, c.req.query());
  if (!query.success) return c.json({ title: 'invalid query' }, 400);
  return c.json(await signedRun(context, CLASSIC, query.output.actions, query.output.agent === undefined ? undefined : { name: query.output.agent }));
});

serveWeb('hono play', app.fetch);
