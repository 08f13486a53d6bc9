/**
 * The migrations, in code: no file system is needed, so they run on Workers too. Names are
 * zero-padded so Kysely's alphabetical order is their order.
 *
 * A migration whose name has `-finish-` after its number finishes an upgrade (contract): it
 * removes what only the previous release needs, so it runs once no instance of that release is
 * left (../migrate.ts). Every other migration only adds (expand): the previous release runs
 * on its result.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { DialectFamily } from '../shared/family.ts';
import * as league from './0001-league.ts';
import * as social from './0002-social.ts';
import * as entrants from './0003-entrants.ts';
import * as requestDigests from './0004-request-digests.ts';
import * as rateLimits from './0005-rate-limits.ts';
import * as a2aTasks from './0006-a2a-tasks.ts';
import * as authorIndexes from './0007-author-indexes.ts';
import * as events from './0008-events.ts';
import * as a2aKeepsNothing from './0009-a2a-keeps-nothing.ts';
import * as keyLifecycle from './0010-key-lifecycle.ts';
import * as noHotRows from './0011-no-hot-rows.ts';
import * as keysInAttempts from './0012-keys-in-attempts.ts';
import * as resultsReplayed from './0013-results-replayed.ts';
import * as recordsAreEvents from './0014-records-are-events.ts';
import * as finishEventsAndFigures from './0015-finish-events-and-figures.ts';

interface FamilyMigration {
  up(db: Kysely<any>, family: DialectFamily): Promise<void>;
  down?(db: Kysely<any>, family: DialectFamily): Promise<void>;
}

const MIGRATIONS: Record<string, FamilyMigration> = {
  '0001-league': league,
  '0002-social': social,
  '0003-entrants': entrants,
  '0004-request-digests': requestDigests,
  '0005-rate-limits': rateLimits,
  '0006-a2a-tasks': a2aTasks,
  '0007-author-indexes': authorIndexes,
  '0008-events': events,
  '0009-a2a-keeps-nothing': a2aKeepsNothing,
  '0010-key-lifecycle': keyLifecycle,
  '0011-no-hot-rows': noHotRows,
  '0012-keys-in-attempts': keysInAttempts,
  '0013-results-replayed': resultsReplayed,
  '0014-records-are-events': recordsAreEvents,
  '0015-finish-events-and-figures': finishEventsAndFigures,
};

/**
 * Finishing migrations of earlier releases that a start runs like any other: this release runs
 * beside the release that added them, which serves a finished database. A release lists here the
 * previous release's own (none yet: 0015 is this release's).
 */
const FINISHED_AT_START: ReadonlySet<string> = new Set<string>();

/** Whether the migration named `name` (this release's or a later one's) waits for an upgrade to be finished. */
export const finishesUpgrade = (name: string): boolean => /^\d+-finish-/.test(name) && !FINISHED_AT_START.has(name);

/** A `MigrationProvider` with every migration bound to the dialect family. */
export function arenaMigrations(family: DialectFamily): MigrationProvider {
  const bound: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(MIGRATIONS)) {
    const { up, down } = migration;
    bound[name] = { up: (db) => up(db, family), ...(down && { down: (db: Kysely<any>) => down(db, family) }) };
  }
  return { getMigrations: async () => bound };
}
