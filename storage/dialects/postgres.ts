/** PostgreSQL through a `pg` Pool (or anything shaped like one): Kysely's `PostgresDialect`. */
import { PostgresDialect, type Dialect, type PostgresPool } from 'kysely';

/** The part of a `pg` pooled client this needs. */
export interface PgPoolClientLike {
  query(sql: string, parameters: unknown[]): Promise<{ command: string; rowCount: number | null; rows: unknown[] }>;
  release(): void;
}

/** The part of a `pg` Pool this needs. */
export interface PgPoolLike {
  connect(): Promise<PgPoolClientLike>;
  end(): Promise<void>;
}

/** Kysely's PostgreSQL dialect over the pool (ended on destroy). */
export function createPostgresDialect(pool: PgPoolLike): Dialect {
  // Kysely's pool type also has a cursor overload of `query`, which the store never streams through.
  return new PostgresDialect({ pool: pool as unknown as PostgresPool });
}
