/**
 * Every figure PostgreSQL keeps as pending shares from migration 0011 on (see
 * shared/pending-totals.ts), and the statements that move them into the kept rows.
 */
import { ARRIVAL_TOTALS } from './arrival/0002-triggers.ts';
import { COMPACT_DAY_COUNTS } from './league/compact-day-counts.ts';
import { LEAGUE_ENTRANTS, LEAGUE_TOTALS } from './league/0011-pending-figures.ts';
import { RULES_TOTALS } from './rules/0002-triggers.ts';
import { compactTotals } from './shared/pending-totals.ts';
import { CLUBHOUSE_TOTALS } from './social/0002-triggers.ts';

export const PENDING_TOTALS = [LEAGUE_TOTALS, LEAGUE_ENTRANTS, CLUBHOUSE_TOTALS, RULES_TOTALS, ARRIVAL_TOTALS];

/** One statement each, every one deleting the shares it adds. */
export const COMPACTIONS = [COMPACT_DAY_COUNTS, ...PENDING_TOTALS.map(compactTotals)];
