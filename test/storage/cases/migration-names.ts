/** The arena's migrations by name, in order, as the store suite expects them: written out, so a test fails when one is added or renamed. */
export const MIGRATIONS = [
  '0001-league',
  '0002-social',
  '0003-entrants',
  '0004-request-digests',
  '0005-rate-limits',
  '0006-a2a-tasks',
  '0007-author-indexes',
  '0008-events',
  '0009-a2a-keeps-nothing',
  '0010-key-lifecycle',
  '0011-no-hot-rows',
  '0012-keys-in-attempts',
  '0013-results-replayed',
  '0014-records-are-events',
  '0015-finish-events-and-figures',
];

/** The migrations from `first` on, in order. */
export const migrationsFrom = (first: string): string[] => MIGRATIONS.slice(MIGRATIONS.indexOf(first));
