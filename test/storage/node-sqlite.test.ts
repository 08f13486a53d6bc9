/**
 * The store suite on `node:sqlite`, on a file: the SQLite the Deno adapter uses. Deno runs it
 * (vitest under Deno, which `other-runtimes.test.ts` does from the Node suite), as would a recent
 * Node 22 or later; on Node 20, which has no `node:sqlite`, it is skipped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { createNodeSqliteDialect, type NodeSqliteDatabase } from '../../storage/index.ts';
import { storeSuite } from './store-suite.ts';
import { sqliteTargets } from './templates.ts';

// A variable, so that type checking against Node 20's types does not look for the module.
const NODE_SQLITE: string = 'node:sqlite';
const sqlite = (await import(NODE_SQLITE).catch(() => null)) as { DatabaseSync: new (file: string) => NodeSqliteDatabase } | null;

if (sqlite === null) {
  describe('SQLite (node:sqlite)', () => {
    it.skip('runs where node:sqlite exists: Deno 2 (see other-runtimes.test.ts) or a recent Node', () => {});
  });
} else {
  const { DatabaseSync } = sqlite;
  storeSuite(`SQLite (node:sqlite on ${'Deno' in globalThis ? 'Deno' : 'Node'}, file)`, {
    sharedOpen: true,
    ...sqliteTargets(async () => {
      const directory = await mkdtemp(join(tmpdir(), 'arena-store-'));
      const file = join(directory, 'arena.db');
      return { dialect: () => createNodeSqliteDialect(new DatabaseSync(file)), cleanup: () => rm(directory, { recursive: true, force: true }) };
    }),
  });
}
