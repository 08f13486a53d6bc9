/** PostgreSQL through a `pg` Pool (or anything shaped like one): Kysely's `PostgresDialect`. */
import { PostgresDialect, type Dialect, type PostgresPool } from 'kysely';
import { isPostgresOutage, withOutageDetection } from './outages.ts';

/** The part of a `pg` pooled client this needs. */
export interface PgPoolClientLike {
  query(sql: string, parameters: unknown[]): Promise<{ command: string; rowCount: number | null; rows: unknown[] }>;
  release(): void;
  on?(event: 'error', listener: (error: Error) => void): unknown;
}

/** The part of a `pg` Pool this needs. */
export interface PgPoolLike {
  connect(): Promise<PgPoolClientLike>;
  end(): Promise<void>;
  on?(event: 'error', listener: (error: Error) => void): unknown;
  on?(event: 'connect', listener: (client: PgPoolClientLike) => void): unknown;
}

/**
 * Kysely's PostgreSQL dialect over the pool (ended on destroy), its outages named. A `pg` pool or
 * client whose connection the server drops (a restart, a failover) emits `error`, which with no
 * listener ends the process: each gets one here, and the pool replaces the broken client on
 * the next query, so the arena recovers by itself when the server is back.
 */
export function createPostgresDialect(pool: PgPoolLike, options: { onError?: (error: Error) => void } = {}): Dialect {
  const onError = options.onError ?? (() => undefined);
  pool.on?.('error', onError);
  // A checked-out client has no pool listener; a drop between its queries would be unheard.
  pool.on?.('connect', (client: PgPoolClientLike) => client.on?.('error', onError));
  // Kysely's pool type also has a cursor overload of `query`, which the store never streams through.
  return withOutageDetection(new PostgresDialect({ pool: pool as unknown as PostgresPool }), isPostgresOutage);
}
