/**
 * The store suite on Cloudflare D1, in workerd through miniflare. Starting workerd takes a
 * while, so one Miniflare serves many tests, each with a D1 database of its own, empty. The suite
 * reaches the bindings through a small Worker (see d1-bridge.ts); one test also drives the
 * dialect through miniflare's own binding object, as a Worker would hold it.
 */
import { Miniflare } from 'miniflare';
import { afterAll, describe, expect, it } from 'vitest';
import { createD1Dialect, openStore } from '../../storage/index.ts';
import { bridgedDatabase, miniflareWithDatabases, runBatch } from './d1-bridge.ts';
import { DAY_1, newAgent, newAttempt, registeredOf, retainedOf } from '../support/fixtures/store-records.ts';
import { storeSuite } from './store-suite.ts';
import { sqliteTargets, type Statement } from './templates.ts';

const DATABASES_PER_WORKERD = 32;
const started: Miniflare[] = [];
let handedOut = 0;

/** The next unused D1 database, starting another workerd when the current one has none left. */
function freshDatabase() {
  const index = handedOut++ % DATABASES_PER_WORKERD;
  if (index === 0) started.push(miniflareWithDatabases(DATABASES_PER_WORKERD));
  const miniflare = started[started.length - 1]!;
  const database = bridgedDatabase(miniflare, index);
  return { dialect: () => createD1Dialect(database), restore: (statements: Statement[]) => runBatch(miniflare, index, statements) };
}

afterAll(async () => {
  await Promise.all(started.map((miniflare) => miniflare.dispose()));
});

storeSuite('D1 (miniflare)', {
  sharedOpen: true,
  // D1 has no interactive transactions: a migrated copy is made with one batch.
  ...sqliteTargets(
    async () => freshDatabase(),
    (database, statements) => database.restore(statements),
  ),
});

describe('D1 through miniflare’s binding object', () => {
  it('migrates, registers, retains and counts', async () => {
    const miniflare = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response() } }', d1Databases: ['DB'] });
    try {
      const store = await openStore(createD1Dialect(await miniflare.getD1Database('DB')), 'sqlite');
      const agent = newAgent();
      const attempt = newAttempt(agent, { date: DAY_1, reachedExit: true });
      expect(await store.registerAgent(agent)).toEqual(registeredOf(agent, true));
      expect(await store.retainJoinAttempt({ ...attempt, kind: 'join' }, 10)).toEqual({ attempt: retainedOf({ ...attempt, kind: 'join' }, 1) });
      expect(await store.dayCounts(DAY_1)).toEqual({ date: DAY_1, fieldSize: 1, finisherCount: 1, attemptCount: 1 });
      await store.close();
    } finally {
      await miniflare.dispose();
    }
  });
});
