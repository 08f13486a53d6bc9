/**
 * `agent-arena/storage/postgres`: PostgreSQL as the arena's Store, so several instances share one
 * league, over a pool of `pg` (an optional peer dependency: installed by whoever uses PostgreSQL).
 */
import type { Store } from '../../core/index.ts';
import { createPostgresDialect, openStore, postgresEventNotices, type PgPoolLike } from '../../storage/index.ts';
import { listenFailed, poolFailed, postgresDialect } from './postgres-pool.ts';

export type { PgPoolLike } from '../../storage/index.ts';

/** Where the arena's records live: a server to connect to, or a `pg` Pool of your own. */
export type PostgresStoreOptions =
  | {
      /** `postgres://user:password@host:5432/database` */
      connectionString: string;
      /** Connections in the pool (10 by default); with more than one, one of them listens for other instances' events. */
      poolSize?: number;
    }
  | {
      /** Your own `pg` Pool: the store never ends it, and it stays yours to end. */
      pool: PgPoolLike;
      /**
       * Whether one connection of the pool listens for the events other instances commit, so
       * event streams hear of them at once rather than at their next poll (true by default).
       */
      listen?: boolean;
    };

/**
 * Opens the arena's Store on PostgreSQL, its schema brought to the latest migration (the arena's
 * tables and Kysely's `kysely_migration` tables, in the connection's schema). Close the store
 * when done: the pool it made ends; a pool of your own is left open.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  if ('connectionString' in options) {
    const { dialect, notices } = await postgresDialect(options.connectionString, options.poolSize);
    return openStore(dialect, 'postgres', notices);
  }
  const { pool, listen = true } = options;
  // Kysely ends the pool it was given when the store closes: this one is only borrowed.
  const borrowed: PgPoolLike = { connect: () => pool.connect(), end: async () => undefined, on: pool.on?.bind(pool) };
  return openStore(createPostgresDialect(borrowed, { onError: poolFailed }), 'postgres', listen ? postgresEventNotices(pool, listenFailed) : undefined);
}
