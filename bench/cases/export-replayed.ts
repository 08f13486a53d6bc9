import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { nativeSha256 } from '../../adapters/native-sha256.ts';
import { createArena, randomSeed, useSha256 } from '../../core/index.ts';
import { portableSha256 } from '../../core/crypto/sha256.ts';
import type { Store } from '../../core/store/store.ts';
import { createSqliteDialect, openStore } from '../../storage/index.ts';
import { finishingTape, freshKey, freshNonce } from '../../test/support/fixtures/league.ts';
import { BENCH_ORIGIN } from '../arena-context.ts';
import { compared, rateRow, type BenchCase } from '../case.ts';
import { awaitedCalls, measureRates } from '../measure.ts';
import { tapePool } from '../tapes.ts';

const AGENTS = 200;
const SUBMITS_PER_AGENT = 4;

/**
 * What an attempt that stores no result (migration 0013) costs an export: each line plays the
 * tape again on the day's kept board and checks it against the receipt, where a stored result
 * was spliced in as text.
 */
export const exportReplayedCase: BenchCase = {
  name: 'export-replayed',
  about: `
One day's NDJSON export (\`GET /api/exports/attempts?date=\`) of ${AGENTS * (SUBMITS_PER_AGENT + 1)} attempts
(${AGENTS} agents, each a join and ${SUBMITS_PER_AGENT} submits of seeded tapes), in process on a
SQLite file with Node's native SHA-256 (as \`adapters/node\` installs it), sampled in turn on two
copies of one database: as the arena writes it now (no result stored: each line's result is
played again on the day's kept board and checked against its receipt's checksum), and the same
attempts with their results stored as JSON text, as before migration 0013 (each line spliced from
that text). Both exports are the same bytes.`,
  async run() {
    useSha256(nativeSha256);
    const dir = mkdtempSync(join(tmpdir(), 'arena-bench-export-replayed-'));
    const stores: Store[] = [];
    try {
      const keys = { signingKey: randomSeed(), secret: randomSeed() };
      const open = async (file: string) => {
        const store = await openStore(createSqliteDialect(new Database(file)), 'sqlite');
        stores.push(store);
        return createArena({ ...keys, store, anonymousWritesPerHour: 0, publicOrigin: BENCH_ORIGIN });
      };
      const replayedFile = join(dir, 'replayed.db');
      const arena = await open(replayedFile);
      const call = async (path: string, body?: unknown, bearer?: string) => {
        const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': freshKey() };
        if (bearer) headers.authorization = `Bearer ${bearer}`;
        const response = await arena.fetch(new Request(`${BENCH_ORIGIN}${path}`, body === undefined ? {} : { method: 'POST', headers, body: JSON.stringify(body) }));
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
        return JSON.parse(text);
      };
      const league = await call('/api/league');
      const tapes = tapePool(AGENTS * SUBMITS_PER_AGENT, 0xe4907);
      for (let agent = 0; agent < AGENTS; agent++) {
        const joined = await call('/api/league/join', {
          challengeToken: league.challengeToken,
          actions: finishingTape(league.board),
          registrationNonce: freshNonce(),
          agent: { handle: `bench-${agent}`, model: 'bench-model-1' },
        });
        for (let i = 0; i < SUBMITS_PER_AGENT; i++) {
          await call('/api/league/submit', { challengeToken: league.challengeToken, actions: tapes[agent * SUBMITS_PER_AGENT + i]!.join('') }, joined.apiKey);
        }
      }
      // The same database with each result stored, as the arena answers it.
      const storedFile = join(dir, 'stored.db');
      const raw = new Database(replayedFile);
      raw.exec(`VACUUM INTO '${storedFile}'`);
      raw.close();
      const stored = new Database(storedFile);
      const ids = stored.prepare("SELECT id FROM attempts WHERE result = ''").all() as { id: string }[];
      const results = await Promise.all(ids.map(async ({ id }) => [id, JSON.stringify((await call(`/api/league/attempts/${id}`)).result)] as const));
      const update = stored.prepare('UPDATE attempts SET result = ? WHERE id = ?');
      stored.transaction(() => results.forEach(([id, result]) => update.run(result, id)))();
      stored.exec('VACUUM');
      stored.close();
      // The replayed database as compact as the stored one, for their sizes side by side.
      const compacted = join(dir, 'replayed-compacted.db');
      const replayedCopy = new Database(replayedFile);
      replayedCopy.exec(`VACUUM INTO '${compacted}'`);
      replayedCopy.close();
      const megabytes = (file: string) => (statSync(file).size / 1e6).toFixed(2);
      const storedArena = await open(storedFile);

      const url = `${BENCH_ORIGIN}/api/exports/attempts?date=${league.challengeDate}`;
      const exported = (on: typeof arena) => async () => (await on.fetch(new Request(url))).text();
      const [replayedText, storedText] = [await exported(arena)(), await exported(storedArena)()];
      if (replayedText !== storedText) throw new Error('the two exports differ');
      const rates = await measureRates({ replayed: awaitedCalls(exported(arena)), stored: awaitedCalls(exported(storedArena)) });
      const note = `${ids.length} attempts, ${(replayedText.length / 1e6).toFixed(2)} MB an export; the database file (vacuumed) ${megabytes(compacted)} MB with results played again, ${megabytes(storedFile)} MB with them stored`;
      const storedRow = rateRow('export of a day, results stored (before 0013)', 'exports/s', rates.stored, note);
      return [storedRow, compared(rateRow('export of a day, results played again', 'exports/s', rates.replayed, note), storedRow)];
    } finally {
      // The cases after this one hash as they did before it.
      useSha256(portableSha256);
      await Promise.all(stores.map((store) => store.close()));
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
