import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { withBackgroundCheckpoints } from '../../adapters/local/background-checkpoints.ts';
import { nativeSha256 } from '../../adapters/native-sha256.ts';
import { createArena, randomSeed, useSha256, type Arena } from '../../core/index.ts';
import { webCryptoSupportsEd25519 } from '../../core/crypto/ed25519.ts';
import type { Board } from '../../core/games/packet-run/board.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT } from '../../core/league/attempts.ts';
import type { Store } from '../../core/store/store.ts';
import type { RequestKeyed } from '../../core/store/request-keyed.ts';
import type { AgentRecord } from '../../core/agents/records.ts';
import { keyDigest } from '../../core/agents/keys.ts';
import { sha256Hex } from '../../core/crypto/sha256.ts';
import { KEEP_FOR_MS, STALE_AFTER_MS } from '../../core/http/idempotency.ts';
import type { SignedPacketRunResult } from '../../core/games/packet-run/signed-result.ts';
import type { NewAttempt } from '../../core/league/records.ts';
import { utcDate } from '../../core/time/utc-day.ts';
import { createPGliteDialect, createPostgresDialect, createSqliteDialect, openStore } from '../../storage/index.ts';
import { openMemoryStore } from '../../test/support/fixtures/memory-store.ts';
import { finishingTape, freshKey, freshNonce } from '../../test/support/fixtures/league.ts';
import { BENCH_ORIGIN } from '../arena-context.ts';
import { compared, rateRow, type BenchCase } from '../case.ts';
import { concurrentCalls, measureCountedRates, type Batch, type Rate } from '../measure.ts';
import { startBenchPostgres } from '../postgres.ts';
import { tapePool } from '../tapes.ts';

/** Requests in flight at once, for every side alike. */
const IN_FLIGHT = 8;
/** An agent's join is its first attempt of the day; the rest of its ten are measured submits. */
const SUBMITS_PER_AGENT = MAXIMUM_ATTEMPTS_PER_AGENT - 1;
/** Fresh agents each sample uses up; at least IN_FLIGHT, so no two requests in flight are one agent's. */
const AGENTS_PER_SAMPLE = 16;
const PER_SAMPLE = AGENTS_PER_SAMPLE * SUBMITS_PER_AGENT;
const WARMUPS = 3;
const SAMPLES = 21;
/** Agents each kind of write uses up on one database: exactly as many as its samples need. */
const AGENTS = AGENTS_PER_SAMPLE * (WARMUPS + SAMPLES);
/** Joined on each database beforehand: AGENTS each for the submits and for the two bounds. */
const JOINED = 3 * AGENTS;
/** PostgreSQL connections per arena: the Node adapter's default `DATABASE_POOL_SIZE`. */
const POOL_SIZE = 10;

/** One arena on a durable store, with its agents joined and ready to submit. */
interface League {
  arena: Arena;
  store: Store;
  challengeToken: string;
  challengeId: string;
  challengeDate: string;
  keys: string[];
  /** The agent of each key, looked up beforehand. */
  agents: AgentRecord[];
}

/** Which of a league's agents each kind of write uses: AGENTS of them, from the first. */
const FIRST_AGENT = { submit: 0, storeCalls: AGENTS, retainAlone: 2 * AGENTS };

/** What retaining an attempt durably costs over answering the same run without storage. */
export const leagueSubmitsCase: BenchCase = {
  name: 'league-submits',
  about: `
Retained league submits per second, in process through \`createArena(...).fetch\` (no network, so
only the write path differs), with ${IN_FLIGHT} requests in flight, on SQLite and on PostgreSQL. Each
\`POST /api/league/submit\` carries a fresh \`Idempotency-Key\`, a valid bearer key, today's
\`challengeToken\` from \`GET /api/league\` and a tape from the fixed pool of 1,024 seeded tapes, so it
authenticates the key, claims the key, verifies the league token, scores and signs the run, and
retains it (the insert and its triggers); a replay would make the answer again from the attempt,
so it is not stored a second time. An agent retains
only ${MAXIMUM_ATTEMPTS_PER_AGENT} attempts per UTC day, its join being the first, so ${JOINED} agents join each database beforehand
(\`POST /api/league/join\` with the solver's finishing tape on today's board), and every sample is
exactly ${PER_SAMPLE} submits: ${SUBMITS_PER_AGENT} by each of ${AGENTS_PER_SAMPLE} fresh agents, spread so no two requests in flight are one
agent's. Every answer must be a 200 (and every write of the bounds retained), or the case fails;
afterwards \`totals()\` must count every join, submit and write of the bounds. SQLite is a fresh
file in a scratch folder, opened as \`adapters/node\` opens it
(\`withBackgroundCheckpoints(createSqliteDialect(new Database(path)), path, 'better-sqlite3')\`:
better-sqlite3, WAL; better-sqlite3 builds SQLite with \`synchronous = NORMAL\` in WAL mode, so a
commit is safe from a process crash and the disk is flushed at checkpoints, which a worker thread
makes as the log grows; the writes in flight together share a commit, each answered after it).
PostgreSQL is a real server through a \`pg\` pool of ${POOL_SIZE} connections (the
adapter's default): \`DATABASE_URL\`'s server in a fresh database when it is set, otherwise a
throwaway cluster started for the case with the server's default settings (every commit flushed
to disk), and PGlite only where no server binary exists (the note says which). The baseline is
the same tape stream's signing and scoring without storage: in-process \`GET
/api/games/packet-run/play?actions=…\` (signed result and receipt), with the same ${IN_FLIGHT} in flight, so
each ratio reads as what durability costs; a submit also verifies one league token and parses a
JSON body, which the play does not (a token byte for byte the one the instance issued for today is
not verified twice).

Two **bounds** on each database say how far a submit could go while keeping the same records in
the same store, each the same play followed by storage calls and nothing else, made by ${AGENTS}
agents of their own. *The play and the submit's store calls*: the bearer key's agent looked up by
its digest, an Idempotency-Key claimed, and an attempt retained (the play's own result, as the
agent's next attempt of today); the submit's figure against it is what the arena's own submit path
(body, credentials, token, idempotency, answer) costs on top. *The play and the retain alone*:
the one statement no submit can do without, the attempt inserted with its figures, so its ratio
is the most any submit could reach without storing less.

SHA-256 is the native one, as the Node, Bun and Deno adapters inject it. Each sample is a fixed
number of requests rather than a fixed time (agents are used up); after ${WARMUPS} unmeasured
rounds, the seven are sampled in turn ${SAMPLES} times. The PostgreSQL server runs detached from the bench (\`pg_ctl\` starts it), so the CPU figure below
counts its work as other processes'.`,
  async run() {
    // As the Node, Bun and Deno adapters do: checksums and digests hashed natively.
    useSha256(nativeSha256);
    const tapes = tapePool().map((tape) => tape.join(''));
    const cleanups: (() => Promise<void>)[] = [];
    try {
      const player = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore() });
      const plays = tapes.map((tape) => `${BENCH_ORIGIN}/api/games/packet-run/play?actions=${tape}`);
      const play = async (i: number) => {
        const response = await player.fetch(new Request(plays[i % plays.length]!));
        const body = await response.text();
        if (response.status !== 200) throw new Error(`GET play answered ${response.status}: ${body}`);
        return body;
      };

      const folder = mkdtempSync(join(tmpdir(), 'bench-league-submits-'));
      cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
      const path = join(folder, 'arena.db');
      const sqliteStore = await openStore(withBackgroundCheckpoints(createSqliteDialect(new Database(path)), path, 'better-sqlite3'), 'sqlite');
      cleanups.unshift(() => sqliteStore.close());
      const sqlite = await prepareLeague(sqliteStore);

      const { store: postgresStore, what } = await openPostgres(cleanups);
      const postgres = await prepareLeague(postgresStore);

      const submits = (league: League): Batch =>
        concurrentCalls(async (i) => {
          const response = await league.arena.fetch(
            new Request(`${BENCH_ORIGIN}/api/league/submit`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${league.keys[agentIndex(i, FIRST_AGENT.submit)]!}`, 'idempotency-key': freshKey() },
              body: JSON.stringify({ challengeToken: league.challengeToken, actions: tapes[i % tapes.length] }),
            }),
          );
          const body = await response.text();
          if (response.status !== 200) throw new Error(`POST submit answered ${response.status}: ${body}`);
          return body;
        }, IN_FLIGHT);

      // Each tape's signed result, made once beforehand: the bounds' play is timed, not parsed.
      const results = await Promise.all(tapes.map(async (_, i) => JSON.parse(await play(i)) as SignedPacketRunResult));
      const storeCalls = (league: League): Batch =>
        concurrentCalls(async (i) => {
          await play(i);
          const key = league.keys[agentIndex(i, FIRST_AGENT.storeCalls)]!;
          const agent = await league.store.agentByKeyDigest(keyDigest(key));
          if (!agent) throw new Error(`the agent of write ${i} is not found by its key`);
          const claim = await league.store.claimIdempotencyKey({
            keyDigest: sha256Hex(`${agent.id} ${freshKey()}`),
            fingerprint: sha256Hex(tapes[i % tapes.length]!),
            now: Date.now(),
            staleAfterMs: STALE_AFTER_MS,
            keepForMs: KEEP_FOR_MS,
          });
          if (claim.state !== 'claimed') throw new Error(`a fresh Idempotency-Key was ${claim.state}`);
          await retain(league, agent, results[i % results.length]!);
        }, IN_FLIGHT);
      const retainAlone = (league: League): Batch =>
        concurrentCalls(async (i) => {
          await play(i);
          await retain(league, league.agents[agentIndex(i, FIRST_AGENT.retainAlone)]!, results[i % results.length]!);
        }, IN_FLIGHT);

      const rates = await measureCountedRates(
        {
          play: concurrentCalls(play, IN_FLIGHT),
          sqlite: submits(sqlite),
          sqliteStoreCalls: storeCalls(sqlite),
          sqliteRetainAlone: retainAlone(sqlite),
          postgres: submits(postgres),
          postgresStoreCalls: storeCalls(postgres),
          postgresRetainAlone: retainAlone(postgres),
        },
        { count: PER_SAMPLE, warmups: WARMUPS, samples: SAMPLES },
      );
      await expectRetained(sqliteStore, 'SQLite');
      await expectRetained(postgresStore, 'PostgreSQL');

      const engine = (await webCryptoSupportsEd25519()) ? 'webcrypto' : 'noble';
      const measured = `${(SAMPLES * PER_SAMPLE).toLocaleString('en-US')} measured submits (${((WARMUPS + SAMPLES) * PER_SAMPLE).toLocaleString('en-US')} in all), all 200`;
      const agents = `${AGENTS} agents`;
      const baseline = rateRow(`in-process GET play, ${IN_FLIGHT} in flight (no storage)`, 'req/s', rates.play, `Ed25519 engine: ${engine}`);
      const onDatabase = (name: string, what: string | undefined, submitted: Rate, storeCalled: Rate, retainedAlone: Rate) => {
        const submitRow = rateRow(`POST submit, ${name}`, 'req/s', submitted, [what, measured, agents].filter(Boolean).join('; '));
        const storeCallsRow = rateRow(`bound (the play, the submit's store calls), ${name}`, 'req/s', storeCalled, `lookup, claim, retain; ${agents} more`);
        const retainAloneRow = rateRow(`bound (the play, the retain alone), ${name}`, 'req/s', retainedAlone, `${agents} more`);
        return [
          compared(submitRow, baseline),
          compared(storeCallsRow, baseline),
          compared({ ...submitRow, label: `POST submit against the play and its store calls, ${name}`, note: 'what the arena adds' }, storeCallsRow),
          compared(retainAloneRow, baseline),
        ];
      };
      return [
        baseline,
        ...onDatabase('SQLite file (better-sqlite3, WAL)', undefined, rates.sqlite, rates.sqliteStoreCalls, rates.sqliteRetainAlone),
        ...onDatabase(`PostgreSQL (pg pool of ${POOL_SIZE})`, what, rates.postgres, rates.postgresStoreCalls, rates.postgresRetainAlone),
      ];
    } finally {
      for (const cleanup of cleanups) await cleanup();
    }
  },
};

/**
 * A store on a real PostgreSQL server (see bench/postgres.ts), or on PGlite where there is no
 * server binary at all; `cleanups` gets what closes and removes it, in that order.
 */
async function openPostgres(cleanups: (() => Promise<void>)[]): Promise<{ store: Store; what: string }> {
  const server = await startBenchPostgres('league-submits');
  if (server === undefined) {
    const { PGlite } = await import('@electric-sql/pglite');
    const store = await openStore(createPGliteDialect(await PGlite.create()), 'postgres');
    cleanups.unshift(() => store.close());
    return { store, what: 'no PostgreSQL server binary here, so PGlite (WebAssembly, in memory, one connection) instead' };
  }
  cleanups.push(() => server.stop());
  const store = await openStore(createPostgresDialect(new pg.Pool({ connectionString: server.url, max: POOL_SIZE })), 'postgres');
  cleanups.unshift(() => store.close());
  return { store, what: server.what };
}

/** An arena on `store` with JOINED agents joined on today's board, IN_FLIGHT joins at a time. */
async function prepareLeague(store: Store): Promise<League> {
  // Hundreds of joins from one process: the hourly budget of anonymous writes is not measured here.
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store, anonymousWritesPerHour: 0 });
  const status = await arena.fetch(new Request(`${BENCH_ORIGIN}/api/league`));
  if (status.status !== 200) throw new Error(`GET /api/league answered ${status.status}: ${await status.text()}`);
  const { challengeToken, challengeId, challengeDate, board } = (await status.json()) as { challengeToken: string; challengeId: string; challengeDate: string; board: Board };
  const actions = finishingTape(board);
  const keys: string[] = [];
  const join = concurrentCalls(async (i) => {
    const response = await arena.fetch(
      new Request(`${BENCH_ORIGIN}/api/league/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() },
        body: JSON.stringify({ challengeToken, actions, registrationNonce: freshNonce(), agent: { handle: `bench-submitter-${i}` } }),
      }),
    );
    const body = await response.text();
    if (response.status !== 200) throw new Error(`POST join answered ${response.status}: ${body}`);
    keys[i] = (JSON.parse(body) as { apiKey: string }).apiKey;
  }, IN_FLIGHT);
  await join(JOINED);
  const agents = await Promise.all(
    keys.map(async (key) => {
      const agent = await store.agentByKeyDigest(keyDigest(key));
      if (!agent) throw new Error('a joined agent is not found by its key');
      return agent;
    }),
  );
  return { arena, store, challengeToken, challengeId, challengeDate, keys, agents };
}

/** Every join, submit and write of the bounds retained, as the trigger-kept counts say: a check on the whole run. */
async function expectRetained(store: Store, where: string): Promise<void> {
  const expected = JOINED * MAXIMUM_ATTEMPTS_PER_AGENT;
  const totals = await store.totals();
  const today = await store.dayCounts(utcDate(Date.now()));
  if (totals.agents !== JOINED || totals.attempts !== expected || today.attemptCount !== expected) {
    throw new Error(
      `${where} retained ${totals.attempts} attempts of ${totals.agents} agents (${today.attemptCount} today), not ${expected} of ${JOINED}` +
        ' (a run across 00:00 UTC splits the days)',
    );
  }
}

/**
 * Which agent makes write `i` of one kind: of the AGENTS from `first` on, a fresh
 * AGENTS_PER_SAMPLE for each sample, taken in turn so no two writes in flight are one agent's.
 */
function agentIndex(i: number, first: number): number {
  const sample = Math.floor(i / PER_SAMPLE);
  const agent = sample * AGENTS_PER_SAMPLE + ((i % PER_SAMPLE) % AGENTS_PER_SAMPLE);
  if (agent >= AGENTS) throw new Error(`write ${i} has no agent left; ${AGENTS} joined for it`);
  return first + agent;
}

/** Retains `result` as `agent`'s next attempt of today, as a submit would (with a fresh id). */
async function retain(league: League, agent: AgentRecord, result: SignedPacketRunResult): Promise<void> {
  const retained = await league.store.retainAttempt(attemptOf(league, agent, result), MAXIMUM_ATTEMPTS_PER_AGENT);
  if ('limitReached' in retained) throw new Error(`agent ${agent.id} reached the day's limit`);
}

/** `result` as `agent`'s next attempt of today, as a submit would retain it (with a fresh id). */
function attemptOf(league: League, agent: AgentRecord, result: SignedPacketRunResult): NewAttempt & RequestKeyed {
  const now = Date.now();
  return {
    id: `att_${freshKey()}`,
    agentId: agent.id,
    kind: 'submit',
    challengeId: league.challengeId,
    date: league.challengeDate,
    actions: result.actions.join(''),
    score: result.breakdown.total,
    reachedExit: result.reachedExit,
    benchmark: result.benchmark,
    checksum: result.receipt.checksum,
    receiptToken: result.receipt.token,
    result,
    declaration: { handle: agent.handle, displayName: agent.displayName, model: agent.model, sentBy: agent.sentBy },
    createdAt: new Date(now).toISOString(),
    requestDigest: sha256Hex(`${agent.id} ${freshKey()}`),
  };
}
