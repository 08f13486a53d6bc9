/** Signed play in Hono (see ../hono-app.ts) on Bun and Deno, served by the runtime's own server. */
import { honoPlayApp } from '../hono-app.ts';
import { playContext } from '../play-context.ts';
import { memoryStore, serveWeb } from './serve.ts';

serveWeb('hono play', honoPlayApp(await playContext(await memoryStore())).fetch);
