/**
 * A bound, not a server to run: the arena's Node server (as adapters/node/main.ts starts it, on
 * the local store) with one thing left out. A league submit's attempt is never written: the store
 * answers as if it had retained it, numbered after the agent's earlier ones in this process. The
 * rest of a submit is the arena's: the body read and checked, the key found by its digest, the
 * league token checked, the run scored and signed, the answer made. Its CPU per submit is what
 * the arena costs however cheap its write were made (bench/cases/league-submit-vs-minimal.ts).
 */
import { serve } from '../../adapters/node/index.ts';
import { loadLocalSettings } from '../../adapters/configuration/local-settings.ts';
import { logNotice } from '../../adapters/notice.ts';
import { runtimeSqlite } from '../../adapters/storage/sqlite-file.ts';
import { createArena } from '../../core/index.ts';
import type { Store } from '../../core/store/store.ts';

const settings = await loadLocalSettings(process.env, runtimeSqlite());
const numbers = new Map<string, number>();
const unwritten: Store = {
  ...settings.arena.store,
  async retainAttempt(attempt) {
    // After the agent's join, number 1 of the day.
    const number = (numbers.get(attempt.agentId) ?? 1) + 1;
    numbers.set(attempt.agentId, number);
    const { requestDigest: _, key: __, ...retained } = attempt;
    return { attempt: { ...retained, number } };
  },
};
const arena = createArena({ ...settings.arena, store: unwritten, runtime: 'node' });
const { port } = await serve(arena, { port: settings.port, hostname: settings.hostname, trustProxy: settings.trustProxy });
logNotice('info', `arena with its submits unwritten listening on http://localhost:${port}`);
