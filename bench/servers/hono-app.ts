/**
 * Signed play as a Hono app: the same route as the arena's, validated with the same valibot
 * schema and answered by the same core functions, so only the HTTP layer differs. Served on
 * Node by `hono-play.ts` and on Bun and Deno by `web/hono-play.ts`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ArenaContext } from '../../core/context.ts';
import { PlayQuerySchema } from '../../core/games/packet-run/schema.ts';
import { signedRun } from '../../core/games/packet-run/signed-result.ts';
import { CLASSIC, PLAY_PATH } from './play-context.ts';

export function honoPlayApp(context: ArenaContext): Hono {
  const app = new Hono();
  app.get(PLAY_PATH, async (c) => {
    const query = v.safeParse(PlayQuerySchema, c.req.query());
    if (!query.success) return c.json({ title: 'invalid query' }, 400);
    return c.json(await signedRun(context, CLASSIC, query.output.actions, query.output.agent === undefined ? undefined : { name: query.output.agent }));
  });
  return app;
}
