/// <reference path="./node-sqlite.d.ts" />
import { DatabaseSync } from 'node:sqlite';
import { createArena } from '../../core/index.ts';
import { createNodeSqliteDialect } from '../../storage/index.ts';
import { clientAddress } from '../client-address.ts';
import { loadLocalSettings } from '../local/settings.ts';

const settings = await loadLocalSettings(Deno.env.toObject(), (path) => createNodeSqliteDialect(new DatabaseSync(path)));
const arena = createArena(settings.arena);
Deno.serve(
  {
    port: settings.port,
    hostname: settings.hostname,
    onListen: ({ port }) => console.log(`Agent Arena (deno) listening on http://localhost:${port}`),
  },
  (request, info) => {
    const peer = info.remoteAddr.transport === 'tcp' ? info.remoteAddr.hostname : undefined;
    const address = clientAddress(request, peer, settings.trustProxy);
    return arena.fetch(request, address === undefined ? {} : { clientAddress: address });
  },
);
