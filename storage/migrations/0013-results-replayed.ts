/**
 * Migration 0013: attempts store no result. Each day's board is kept once (`league_boards`),
 * and an attempt retained from now on stores its result as `''`: it is played again from its
 * tape on that board when read, and checked against its receipt (core/league/replayed-result.ts).
 * Attempts retained before keep their stored results: a migration has no server secret, so it
 * cannot derive their boards.
 *
 * Undone, every result not stored is played again and stored, before the boards go.
 */
import { sql, type Kysely } from 'kysely';
import type { Board } from '../../core/games/packet-run/board.ts';
import { replayedResult } from '../../core/league/replayed-result.ts';
import type { DialectFamily } from '../shared/family.ts';
import { keyColumn } from '../shared/migration-sql.ts';

export async function up(db: Kysely<any>, family: DialectFamily): Promise<void> {
  await sql.raw(`CREATE TABLE IF NOT EXISTS league_boards (date ${keyColumn(family)} PRIMARY KEY, board text NOT NULL)`).execute(db);
}

const RESTORED_AT_ONCE = 500;

export async function down(db: Kysely<any>): Promise<void> {
  // Checked first, so a refusal changes nothing, even where a migration is not one transaction (D1).
  const boardless = await db
    .selectFrom('attempts')
    .leftJoin('league_boards', 'league_boards.date', 'attempts.date')
    .select('attempts.id')
    .where('result', '=', '')
    .where('league_boards.board', 'is', null)
    .executeTakeFirst();
  if (boardless) throw new Error(`attempt ${boardless.id} stores no result and no board is kept for its day: not undone`);
  for (;;) {
    const rows = await db
      .selectFrom('attempts')
      .leftJoin('league_boards', 'league_boards.date', 'attempts.date')
      .select(['attempts.id', 'attempts.date', 'challenge_id', 'actions', 'declaration', 'checksum', 'receipt_token', 'league_boards.board'])
      .where('result', '=', '')
      .limit(RESTORED_AT_ONCE)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.board === null) throw new Error(`no board is kept for ${row.date}, attempt ${row.id}'s day: not undone`);
      const attempt = {
        id: row.id,
        challengeId: row.challenge_id,
        actions: row.actions,
        declaration: JSON.parse(row.declaration),
        checksum: row.checksum,
        receiptToken: row.receipt_token,
      };
      // The receipt names the keys by path alone, as an arena without a public origin does;
      // every release restates it as it serves a result.
      const result = replayedResult(attempt, JSON.parse(row.board) as Board, '');
      await db
        .updateTable('attempts')
        .set({ result: JSON.stringify(result) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await sql.raw('DROP TABLE IF EXISTS league_boards').execute(db);
}
