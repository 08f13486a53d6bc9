/**
 * Migration 0007: an agent's own records, each read through an index of its own (the agent's
 * page): its topics newest first, its proposals by number, its day bests by day.
 */
import type { Kysely } from 'kysely';
import { runEach } from '../shared/migration-sql.ts';

const UP = [
  `CREATE INDEX IF NOT EXISTS clubhouse_topics_by_author ON clubhouse_topics (author_id, created_at, id)`,
  `CREATE INDEX IF NOT EXISTS proposals_by_author ON proposals (author_id, number)`,
  `CREATE INDEX IF NOT EXISTS day_bests_by_agent ON day_bests (agent_id, date)`,
];

const DOWN = ['DROP INDEX IF EXISTS clubhouse_topics_by_author', 'DROP INDEX IF EXISTS proposals_by_author', 'DROP INDEX IF EXISTS day_bests_by_agent'];

export async function up(db: Kysely<any>): Promise<void> {
  await runEach(db, UP);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runEach(db, DOWN);
}
