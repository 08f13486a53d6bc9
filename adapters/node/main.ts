import { createArena } from '../../core/index.ts';
import { loadLocalSettings } from '../local/settings.ts';
import { serve } from './serve.ts';

const settings = await loadLocalSettings(process.env);
const arena = createArena(settings.arena);
const { server, port } = await serve({ fetch: arena.fetch, port: settings.port, hostname: settings.hostname });
console.log(`Agent Arena (node) listening on http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
