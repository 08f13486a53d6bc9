/**
 * The Node adapter's entry (adapters/node/main.ts), for crash tests, with two settings of its own:
 * - `CLOCK_OFFSET_MS`: added to the arena's clock, so a restarted server sees a claim left by a
 *   dead one as stale without the test waiting a minute;
 * - `CRASH_AFTER=method[,method…]`: the first call of each named store method is held once its
 *   write has committed, and when all are held the process kills itself (SIGKILL): every one of
 *   those writes is stored, and none of their answers is kept or sent.
 */
import Database from 'better-sqlite3';
import { createArena } from '../../core/index.ts';
import { serve } from '../../adapters/node/serve.ts';
import { loadLocalSettings } from '../../adapters/configuration/local-settings.ts';
import { createSqliteDialect } from '../../storage/index.ts';
import { crashingAfter } from './crash-after.ts';

const settings = await loadLocalSettings(process.env, { library: 'better-sqlite3', open: (path) => createSqliteDialect(new Database(path)) });
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
if (!Number.isSafeInteger(offset)) throw new Error(`CLOCK_OFFSET_MS must be a whole number of milliseconds, not ${process.env.CLOCK_OFFSET_MS}`);
const crashAfter = (process.env.CRASH_AFTER ?? '').split(',').filter((method) => method !== '');
const store = crashAfter.length > 0 ? crashingAfter(settings.arena.store, crashAfter, () => process.kill(process.pid, 'SIGKILL')) : settings.arena.store;
const arena = createArena({ ...settings.arena, store, now: () => Date.now() + offset });
const { server, port } = await serve({ fetch: arena.answer, port: settings.port, hostname: settings.hostname, trustProxy: settings.trustProxy });
console.log(`Agent Arena (node, crash test) listening on http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => void settings.arena.store.close().finally(() => process.exit(0))));
}
