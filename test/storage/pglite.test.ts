/**
 * The store suite on PostgreSQL through PGlite: always available, no server. One PGlite for the
 * file (it takes seconds to start); each test gets an empty `public` schema. PGlite is a single
 * connection, so there is no second client here: real concurrency is the server test's.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { createPGliteDialect, type PGliteLike } from '../../storage/index.ts';
import { storeSuite } from './store-suite.ts';
import { trackedTarget } from './targets.ts';

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
});
afterAll(async () => {
  await pglite?.close();
});

storeSuite('PostgreSQL (PGlite)', {
  family: 'postgres',
  sharedOpen: false,
  async createTarget() {
    await pglite.exec('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    // The stores come and go; the PGlite instance stays for the next test.
    const client: PGliteLike = { query: (sql, parameters) => pglite.query(sql, parameters), close: async () => {} };
    return trackedTarget('postgres', () => createPGliteDialect(client));
  },
});
