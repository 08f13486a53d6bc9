import { Database } from 'bun:sqlite';
import { createArena } from '../../core/index.ts';
import { createBunSqliteDialect } from '../../storage/index.ts';
import { clientAddress } from '../client-address.ts';
import { loadLocalSettings } from '../local/settings.ts';

const settings = await loadLocalSettings(Bun.env, (path) => createBunSqliteDialect(new Database(path, { create: true })));
const arena = createArena(settings.arena);
const server = Bun.serve({
  port: settings.port,
  hostname: settings.hostname,
  fetch: (request, bun) => {
    const address = clientAddress(request, bun.requestIP(request)?.address, settings.trustProxy);
    return arena.fetch(request, address === undefined ? {} : { clientAddress: address });
  },
});
console.log(`Agent Arena (bun) listening on http://localhost:${server.port}`);
