import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createArena } from '../../core/index.ts';
import { createSqliteDialect, openStore } from '../../storage/index.ts';

const options = { signingKey: new Uint8Array(32).fill(1), secret: new Uint8Array(32).fill(2) };

describe('readiness', () => {
  it('is 503 with Retry-After, naming what is missing, while the database lacks a migration this instance expects', async () => {
    const database = new Database(':memory:');
    const arena = createArena({ ...options, store: await openStore(createSqliteDialect(database), 'sqlite') });
    expect((await arena.fetch(new Request('http://arena.test/readyz'))).status).toBe(200);

    // As if an older instance had migrated this database and no one had run the newest migration.
    database.prepare(`DELETE FROM kysely_migration WHERE name = '0005-rate-limits'`).run();
    const answer = await arena.fetch(new Request('http://arena.test/readyz'));
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.headers.get('retry-after')).toBe('5');
    const problem = await answer.json();
    expect(problem.type).toBe('/problems/storage-unavailable');
    expect(problem.detail).toContain('0005-rate-limits');
    // Liveness does not consult storage.
    expect((await arena.fetch(new Request('http://arena.test/healthz'))).status).toBe(200);
  });
});
