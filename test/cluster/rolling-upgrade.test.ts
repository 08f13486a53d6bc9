/**
 * Issue 33: a rolling upgrade. Three instances of the previous release (CHANGELOG.md's last, built
 * from its commit) on one PostgreSQL behind HAProxy on `cluster/haproxy.cfg`, under the cluster
 * suite's mixed load and event streams. One at a time, each is asked to stop and an instance of
 * this tree (Node, Bun, Deno) starts in its place; the first of them migrates the database while
 * the previous release's two others go on serving on it. Then the upgrade is finished
 * (`npm run migrate -- --finish`) under the same load.
 * - No request the balancer sent is reset or answered 5xx, and no instance of either release
 *   logs a failure.
 * - Every acknowledged write is stored exactly once; the counts, the day's standings and the
 *   exports agree with a recount of the rows; each stream received every event once, in order.
 *
 * The writes' choices come from a seed printed at the start; `CLUSTER_SEED=<seed>` repeats them.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WriteLedger } from '../crash/write-ledger.ts';
import { seededRandom } from '../support/fixtures/seeded-random.ts';
import { haproxyExecutable, startLoadBalancer, type LoadBalancer } from '../support/fixtures/load-balancer.ts';
import { freePort } from '../support/fixtures/free-port.ts';
import { realPostgres } from '../support/postgres-cluster.ts';
import { builtRelease, previousRelease } from '../support/previous-release.ts';
import { COMMANDS } from '../support/servers.ts';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.ts';
import { expectEveryEvent, expectExactlyOnce, expectFiguresRecount, followStream, instanceSettings, newestEventId, Reviews, setUp, sleep, startLoad } from './mixed-load.ts';

const HAPROXY = haproxyExecutable();
const REQUIRED = process.env.ARENA_TEST_CLUSTER === 'required';
const SEED = process.env.CLUSTER_SEED ? Number(process.env.CLUSTER_SEED) : Math.floor(Math.random() * 2 ** 32);
/** This tree's instances, in the order they replace the previous release's. */
const RUNTIMES = ['node', 'bun', 'deno'] as const;
const STREAMS = 4;
const PREVIOUS = previousRelease();
/** This release's migration that finishes the upgrade (storage/migrate.ts). */
const FINISHING = '0015-finish-events-and-figures';
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

async function recordedMigrations(url: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query('SELECT name FROM kysely_migration ORDER BY name')).rows.map((row) => row.name as string);
  } finally {
    await db.end();
  }
}

interface Instance {
  name: string;
  port: number;
  server: SpawnedServer;
}

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

describe.skipIf(!HAPROXY && !REQUIRED)(`a rolling upgrade from ${PREVIOUS.version} (${PREVIOUS.commit}) on one PostgreSQL`, () => {
  let database: { url: string };
  let balancer: LoadBalancer;
  let previousRoot: string;
  const instances: Instance[] = [];
  /** Every server started, stopped or not: none may have logged a failure. */
  const started: { name: string; server: SpawnedServer }[] = [];
  let env: Record<string, string>;

  const start = async (name: string, argv: readonly string[], port: number, cwd?: string) => {
    const server = await spawnServer(name, argv, { ...env, PORT: String(port) }, cwd);
    started.push({ name, server });
    return server;
  };

  beforeAll(async () => {
    if (!HAPROXY) throw new Error('ARENA_TEST_CLUSTER=required, and no haproxy is installed (.ci/run installs it from Debian)');
    previousRoot = await builtRelease(PREVIOUS);
    const postgres = await realPostgres();
    if (!postgres) throw new Error('the upgrade needs PostgreSQL: set DATABASE_URL or install its Debian packages');
    cleanup.push(() => postgres.dispose());
    database = postgres;
    env = instanceSettings(postgres.url);
    for (let i = 0; i < RUNTIMES.length; i++) {
      const port = await freePort();
      const name = `arena-${i + 1}`;
      instances.push({ name, port, server: await start(`${name} (${PREVIOUS.version})`, [process.execPath, 'scripts/run-built.mjs', 'node'], port, previousRoot) });
    }
    cleanup.push(() => Promise.all(started.map(({ server }) => server.kill())).then(() => undefined));
    balancer = await startLoadBalancer(
      HAPROXY,
      instances.map((instance) => `127.0.0.1:${instance.port}`),
    );
    cleanup.push(() => balancer.stop());
    for (const instance of instances) await balancer.awaitStatus(instance.name, 'UP');
  }, 600_000);

  it('serves every request through the upgrade, loses and doubles nothing, and its figures recount exact', { timeout: 300_000 }, async () => {
    console.log(`rolling upgrade from ${PREVIOUS.version}: seed ${SEED} (CLUSTER_SEED=${SEED} repeats its choices)`);
    const random = seededRandom(SEED);
    const base = balancer.baseUrl;
    const ledger = new WriteLedger();
    const reviews = new Reviews();
    const league = await setUp(base, ledger);
    const streams = Array.from({ length: STREAMS }, () => followStream(base));
    await Promise.all(streams.map((stream) => stream.opened));
    const load = startLoad(base, ledger, reviews, league, random);
    await sleep(2_000);

    // One instance at a time: the previous release asked to stop, this tree's started in its place.
    for (const [i, instance] of instances.entries()) {
      const runtime = RUNTIMES[i]!;
      await instance.server.stop();
      instance.server = await start(`${instance.name} (${runtime}, this tree)`, COMMANDS[runtime], instance.port);
      await balancer.awaitStatus(instance.name, 'UP');
      // Both releases serve side by side for a while (after the first, on the migrated database).
      await sleep(3_000);
    }
    // The upgrade is finished once no instance of the previous release is left, under the same load.
    expect(await recordedMigrations(database.url)).not.toContain(FINISHING);
    const { stdout } = await run(process.execPath, ['scripts/run-built.mjs', 'migrate', '--finish'], { cwd: root, env: { ...process.env, ...env } });
    expect(stdout).toContain(`applied ${FINISHING}`);
    await sleep(3_000);
    const exchanges = await load.stop();

    const failed = exchanges.filter((exchange) => exchange.status === undefined || exchange.status >= 500);
    expect(failed, 'requests reset or answered 5xx during the upgrade').toEqual([]);
    expect(exchanges.length, 'requests sent during the upgrade').toBeGreaterThan(100);
    for (const { name, server } of started) {
      const failures = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"event":"failure"'));
      expect(failures, `${name} logged failures`).toEqual([]);
    }
    const unanswered = load.sent.filter((write) => !write.answer);
    expect(
      unanswered.map((write) => write.request.path),
      'writes left without an answer',
    ).toEqual([]);
    console.log(
      `rolling upgrade: ${load.sent.length} writes and ${exchanges.length - load.sent.length} reads; ${streams.reduce((sum, stream) => sum + stream.reconnects, 0)} stream reconnects`,
    );

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      await expectExactlyOnce(db, ledger, reviews);
      await expectFiguresRecount(base, db, league.date);
      const newest = await newestEventId(db);
      for (const stream of streams) {
        await stream.reach(newest);
        stream.stop();
        await expectEveryEvent(db, stream);
      }
    } finally {
      await db.end();
    }
  });
});
