/**
 * The Kysely `Database` type: every table the store keeps, each declared beside its queries in its
 * surface's folder (`storage/<surface>/tables.ts`), with its columns as they are stored.
 * Times are ISO 8601 UTC strings and dates `YYYY-MM-DD`, so they sort as text; JSON is kept as
 * text so it reads back byte for byte; flags are 0/1 on SQLite and booleans on PostgreSQL.
 */
import type { AgentsTable } from './agents/tables.ts';
import type { ArrivalsTable, ArrivalTotalsTable } from './arrival/tables.ts';
import type { IdempotencyRecordsTable, RateLimitHitsTable } from './http/tables.ts';
import type { A2aTasksTable } from './a2a/tables.ts';
import type { EventsTable } from './events/tables.ts';
import type { AttemptsTable, DayBestsTable, DayCountsTable, LeagueBoardsTable, LeagueEntrantsTable, LeagueTotalsTable, SeasonTotalsTable } from './league/tables.ts';
import type { ProposalReviewsTable, ProposalRevisionsTable, ProposalsTable, ProposalStatusLogTable, RulesTotalsTable } from './rules/tables.ts';
import type { ClubhouseMembersTable, ClubhouseRepliesTable, ClubhouseTopicsTable, ClubhouseTotalsTable } from './social/tables.ts';

export interface Database {
  agents: AgentsTable;
  attempts: AttemptsTable;
  day_counts: DayCountsTable;
  day_bests: DayBestsTable;
  season_totals: SeasonTotalsTable;
  league_totals: LeagueTotalsTable;
  league_entrants: LeagueEntrantsTable;
  league_boards: LeagueBoardsTable;
  idempotency_records: IdempotencyRecordsTable;
  clubhouse_members: ClubhouseMembersTable;
  clubhouse_topics: ClubhouseTopicsTable;
  clubhouse_replies: ClubhouseRepliesTable;
  clubhouse_totals: ClubhouseTotalsTable;
  proposals: ProposalsTable;
  proposal_revisions: ProposalRevisionsTable;
  proposal_reviews: ProposalReviewsTable;
  proposal_status_log: ProposalStatusLogTable;
  rules_totals: RulesTotalsTable;
  arrivals: ArrivalsTable;
  arrival_totals: ArrivalTotalsTable;
  rate_limit_hits: RateLimitHitsTable;
  a2a_tasks: A2aTasksTable;
  events: EventsTable;
}
