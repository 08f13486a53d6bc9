/**
 * The store suite on Bun's `bun:sqlite`, on a file. Bun runs it (`bun test
 * ./test/storage/bun-sqlite.test.ts`, which `other-runtimes.test.ts` does from the Node suite);
 * anywhere else it is skipped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { createBunSqliteDialect, type BunSqliteDatabase } from '../../storage/index.ts';
import { storeSuite } from './store-suite.ts';
import { sqliteTargets } from './templates.ts';

// A variable, so that type checking under Node does not look for Bun's module.
const BUN_SQLITE: string = 'bun:sqlite';

if (!('Bun' in globalThis)) {
  describe('SQLite (bun:sqlite)', () => {
    it.skip('runs under Bun (see other-runtimes.test.ts)', () => {});
  });
} else {
  const { Database } = (await import(BUN_SQLITE)) as { Database: new (file: string) => BunSqliteDatabase };
  storeSuite('SQLite (bun:sqlite, file)', {
    sharedOpen: true,
    ...sqliteTargets(async () => {
      const directory = await mkdtemp(join(tmpdir(), 'arena-store-'));
      const file = join(directory, 'arena.db');
      return { dialect: () => createBunSqliteDialect(new Database(file)), cleanup: () => rm(directory, { recursive: true, force: true }) };
    }),
  });
}
