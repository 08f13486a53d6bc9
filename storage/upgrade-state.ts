/**
 * Whether the upgrade to this release is finished on the database: every migration of this
 * release that finishes an upgrade is recorded (./migrate.ts). Until then an instance of the
 * previous release may still serve the same PostgreSQL, so this release also writes what that one
 * reads (an attempt's result: ./league/retain-attempt.ts).
 *
 * Looked up on first use, and again at most once a minute while unfinished: an upgrade finished
 * while instances run is seen by them within a minute, and until then they write what either
 * release reads. Once finished, it stays so. SQLite and D1 finish every upgrade as they migrate.
 */
import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from 'kysely';
import { arenaMigrations, finishesUpgrade } from './migrations/provider.ts';
import type { DialectFamily } from './shared/family.ts';

const LOOK_AGAIN_AFTER_MS = 60_000;

export interface UpgradeState {
  finished(): Promise<boolean>;
}

export function upgradeState(db: Kysely<any>, family: DialectFamily): UpgradeState {
  if (family !== 'postgres') return { finished: async () => true };
  let finished = false;
  let lookedAt = Number.NEGATIVE_INFINITY;
  let looking: Promise<boolean> | undefined;
  const look = async () => {
    const names = Object.keys(await arenaMigrations(family).getMigrations()).filter(finishesUpgrade);
    if (names.length === 0) return true;
    const { rows } = await sql<{ recorded: number | string }>`SELECT COUNT(*) AS recorded FROM ${sql.table(DEFAULT_MIGRATION_TABLE)} WHERE name IN (${sql.join(names)})`.execute(
      db,
    );
    return Number(rows[0]!.recorded) === names.length;
  };
  return {
    async finished() {
      if (finished || Date.now() - lookedAt < LOOK_AGAIN_AFTER_MS) return finished;
      looking ??= look().finally(() => (looking = undefined));
      finished = await looking;
      lookedAt = Date.now();
      return finished;
    },
  };
}
