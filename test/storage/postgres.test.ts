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
import { once } from './templates.ts';

const url = process.env.DATABASE_URL;

if (url === undefined || url === '') {
  describe('PostgreSQL server', () => {
    it.skip('runs the store suite when DATABASE_URL is set (postgres://user@host:port/database)', () => {});
  });
} else {
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  afterAll(() => admin.end());
  let created = 0;

  /**
   * Runs `statement` again while a database it names still has sessions (55006): ending a pool
   * does not wait for its connections to go, and dropping or copying a database needs them gone.
   */
  async function retryWhileInUse(statement: () => Promise<unknown>): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        await statement();
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  const dropDatabase = (name: string) => retryWhileInUse(() => admin.query(`DROP DATABASE IF EXISTS ${name}`));

  /** A new database: empty, or a copy of `template`. */
  async function createDatabase(template?: string): Promise<ServerDatabase> {
    const name = `arena_store_${process.pid}_${++created}`;
    await retryWhileInUse(() => admin.query(`CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`));
    const address = new URL(url!);
    address.pathname = `/${name}`;
    return { name, address: address.href, drop: () => dropDatabase(name) };
  }

  const targetOn = ({ address, drop }: ServerDatabase) => trackedTarget('postgres', () => createPostgresDialect(new pg.Pool({ connectionString: address, max: 8 })), drop);

  /** A database migrated once, closed, for `CREATE DATABASE … TEMPLATE` to copy. */
  const template = once(async () => {
    const database = await createDatabase();
    const target = targetOn({ ...database, drop: async () => {} });
    await target.open();
    await target.dispose();
    return database;
  });
  afterAll(async () => (await template().catch(() => null))?.drop());

  storeSuite('PostgreSQL (pg, server)', {
    family: 'postgres',
    sharedOpen: true,
    createTarget: async () => targetOn(await createDatabase()),
    createMigratedTarget: async () => targetOn(await createDatabase((await template()).name)),
  });
  postgresInterleavings(admin, createDatabase);
}
