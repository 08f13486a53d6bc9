import { createArena } from '../../core/index.ts';
import { loadLocalSettings } from '../local/settings.ts';

const settings = await loadLocalSettings(Bun.env);
const arena = createArena(settings.arena);
const server = Bun.serve({ port: settings.port, hostname: settings.hostname, fetch: arena.fetch });
console.log(`Agent Arena (bun) listening on http://localhost:${server.port}`);
