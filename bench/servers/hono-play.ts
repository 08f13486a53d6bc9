/** Signed play in Hono on `@hono/node-server` (see hono-app.ts): Hono's Node adapter against the arena's. */
import { serve } from '@hono/node-server';
import { openMemoryStore } from '../../test/support/fixtures/memory-store.ts';
import { honoPlayApp } from './hono-app.ts';
import { playContext, stopOnSignals } from './play-context.ts';

const app = honoPlayApp(await playContext(await openMemoryStore()));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`hono play listening on http://localhost:${info.port}`);
});
stopOnSignals((done) => server.close(done));
