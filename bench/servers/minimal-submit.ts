/**
 * The minimal form of a league submit (issue 32): `node:http`, the request checked by hand,
 * then the same durable work as the arena's `POST /api/league/submit` (see submit/): the bearer
 * key found by its stored digest, the Idempotency-Key claimed by digest in the same transaction
 * as the attempt, the league token checked as the arena checks it, the run scored on the day's
 * board with its RFC 8785 checksum and one Ed25519 receipt, one attempt row with the day's best,
 * counts and season total kept exact in that transaction. The same answer, byte for byte, from
 * the same core functions, so the arena's figure against it is the cost of everything else.
 *
 * On PostgreSQL when `DATABASE_URL` is set (two round trips per submit), else on the SQLite
 * file `MINIMAL_SUBMIT_DB` (default `minimal-submit.db` in `ARENA_DATA_DIR`), submits of one
 * event-loop turn sharing a commit. `SEED_FILE`, a JSON list of joined agents (submit/seed.ts),
 * is retained first. Keys come from `ARENA_SIGNING_KEY` and `ARENA_SECRET`, as the arena's.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { nativeSha256 } from '../../adapters/native-sha256.ts';
import { decodeBase64Url, useSha256 } from '../../core/index.ts';
import { stopOnSignals } from './play-context.ts';
import { ATTEMPTS_PER_DAY } from './submit/listener.ts';
import { minimalSubmitListener } from './submit/make-listener.ts';
import { openPostgresLedger } from './submit/postgres-ledger.ts';
import { seedLedger, type JoinedAgent } from './submit/seed.ts';
import { openSqliteLedger } from './submit/sqlite-ledger.ts';

useSha256(nativeSha256);
const key = (name: string) => {
  const bytes = decodeBase64Url(process.env[name] ?? '');
  if (bytes?.length !== 32) throw new Error(`${name} must be 32 bytes in base64url`);
  return bytes;
};
const databaseUrl = process.env.DATABASE_URL;
const ledger = databaseUrl
  ? await openPostgresLedger(databaseUrl)
  : openSqliteLedger(process.env.MINIMAL_SUBMIT_DB ?? join(process.env.ARENA_DATA_DIR ?? '.', 'minimal-submit.db'));
if (process.env.SEED_FILE) await seedLedger(ledger, JSON.parse(readFileSync(process.env.SEED_FILE, 'utf8')) as JoinedAgent[], ATTEMPTS_PER_DAY);

const server = createServer(await minimalSubmitListener({ ledger, signingKey: key('ARENA_SIGNING_KEY'), secret: key('ARENA_SECRET') }));
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`minimal submit (${databaseUrl ? 'PostgreSQL' : 'SQLite'}) listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
stopOnSignals((done) => server.close(() => void ledger.close().then(done)));
