/**
 * The writes of one event-loop turn in one transaction and one COMMIT, as the arena's SQLite
 * dialect shares them (storage/dialects/shared-commit.ts): a commit costs more than the few
 * statements of a submit, and concurrent submits touch the same pages. The first write of a
 * turn begins the transaction, the end of the turn commits it, and no write is acknowledged
 * before that commit has succeeded.
 */
import type Database from 'better-sqlite3';

interface Waiting {
  resolve(): void;
  reject(error: unknown): void;
}

export type TurnCommit = <T>(work: () => T) => Promise<T>;

/** `work` must be synchronous, and undo its own writes when it throws (a better-sqlite3 transaction, a savepoint within this one). */
export function turnCommit(db: Database.Database): TurnCommit {
  let waiting: Waiting[] | undefined;
  const commit = () => {
    const settled = waiting ?? [];
    waiting = undefined;
    try {
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      for (const write of settled) write.reject(error);
      return;
    }
    for (const write of settled) write.resolve();
  };
  return <T>(work: () => T) => {
    if (waiting === undefined) {
      db.exec('BEGIN IMMEDIATE');
      waiting = [];
      setImmediate(commit);
    }
    let result: T;
    try {
      result = work();
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<T>((resolve, reject) => waiting!.push({ resolve: () => resolve(result), reject }));
  };
}
