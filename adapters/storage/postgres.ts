/**
 * `agent-arena/storage/postgres`: PostgreSQL as the arena's Store, so several instances share one
 * league, over a pool of `pg` (an optional peer dependency: installed by whoever uses PostgreSQL).
 */
import type { Dialect } from 'kysely';
import type { Store } from '../../core/index.ts';
import { createPostgresDialect, openStore, postgresEventNotices, type EventNotices, type PgPoolLike } from '../../storage/index.ts';
import { ConfigurationError } from '../environment.ts';
import { logNotice } from '../notice.ts';

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

/** The dialect, and what wakes its event streams, for a pool the arena makes. */
export async function postgresDialect(connectionString: string, poolSize = 10): Promise<{ dialect: Dialect; notices?: EventNotices }> {
  const { default: pg } = await import('pg').catch((error: unknown) => {
    throw new ConfigurationError('PostgreSQL needs the pg package: npm install pg', { cause: error });
  });
  // A connect that hangs (a partitioned network) fails after 5 s, and is answered 503.
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000 });
  // Listening holds one connection of the pool for good: a pool of one is left to its queries, and its streams poll.
  return { dialect: createPostgresDialect(pool, { onError: poolFailed }), notices: poolSize > 1 ? postgresEventNotices(pool, listenFailed) : undefined };
}

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

function poolFailed(error: Error): void {
  logNotice('warn', `a PostgreSQL connection failed (${error.message}); the pool reconnects on the next query`);
}

function listenFailed(error: Error): void {
  logNotice('warn', `listening for other instances' events failed (${error.message}); listening again, and polling meanwhile`);
}
