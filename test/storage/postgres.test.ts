/**
 * The store suite on a real PostgreSQL server through `pg` pools, when `DATABASE_URL` names one
 * (a role that may create databases). Each test gets its own database; concurrent calls run on
 * pools of several connections, as real concurrent READ COMMITTED transactions. Then the
 * interleavings only a server can show: one write held open while another waits on it.
 */
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { createPostgresDialect } from '../../storage/index.ts';
import { postgresInterleavings, type ServerDatabase } from './postgres-interleavings.ts';
import { storeSuite } from './store-suite.ts';
import { trackedTarget } from './targets.ts';

const url = process.env.DATABASE_URL;

if (url === undefined || url === '') {
  describe('PostgreSQL server', () => {
    it.skip('runs the store suite when DATABASE_URL is set (postgres://user@host:port/database)', () => {});
  });
} else {
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  afterAll(() => admin.end());
  let created = 0;

  /** Drops a test database once the ended pools' connections are gone (ending does not wait for that). */
  async function dropDatabase(name: string): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  async function createDatabase(): Promise<ServerDatabase> {
    const name = `arena_store_${process.pid}_${++created}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const address = new URL(url!);
    address.pathname = `/${name}`;
    return { name, address: address.href, drop: () => dropDatabase(name) };
  }

  storeSuite('PostgreSQL (pg, server)', {
    sharedOpen: true,
    async createTarget() {
      const { address, drop } = await createDatabase();
      return trackedTarget('postgres', () => createPostgresDialect(new pg.Pool({ connectionString: address, max: 8 })), drop);
    },
  });
  postgresInterleavings(admin, createDatabase);
}
