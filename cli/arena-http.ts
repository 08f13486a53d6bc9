import { createArenaClient, type ArenaClient } from '../client/index.ts';

export { ArenaProblemError, ArenaUnreachableError } from '../client/index.ts';

/**
 * The typed client (client) the commands call the arena with: a write carries an
 * Idempotency-Key and is sent again, with the same key and body, when no answer came back or
 * the arena said when to retry; a refusal is thrown as an `ArenaProblemError`, no answer at all
 * as an `ArenaUnreachableError`. A command line waits at most ten seconds between attempts.
 */
export function arenaClient(origin: string, apiKey?: string): ArenaClient {
  return createArenaClient({ baseUrl: origin, ...(apiKey ? { apiKey } : {}), retry: { attempts: 3, maxWaitSeconds: 10 } });
}
