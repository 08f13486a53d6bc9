import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database on the PostgreSQL server of `DATABASE_URL`, dropped at the end, so tests
 * that count records never see another test's rows.
 */
export async function throwawayDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `arena_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
