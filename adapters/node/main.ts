import Database from 'better-sqlite3';
import { createArena } from '../../core/index.ts';
import { createSqliteDialect } from '../../storage/index.ts';
import { loadLocalSettings } from '../local/settings.ts';
import { serve } from './serve.ts';

const settings = await loadLocalSettings(process.env, (path) => createSqliteDialect(new Database(path)));
const arena = createArena(settings.arena);
const { server, port } = await serve({ fetch: arena.fetch, port: settings.port, hostname: settings.hostname, trustProxy: settings.trustProxy });
console.log(`Agent Arena (node) listening on http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => void settings.arena.store.close().finally(() => process.exit(0))));
}
