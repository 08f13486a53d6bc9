/** A `pg` pool the arena makes from a connection string, as a Kysely dialect. */
import type { Dialect } from 'kysely';
import { createPostgresDialect, postgresEventNotices, type EventNotices } from '../../storage/index.ts';
import { ConfigurationError } from '../configuration/read.ts';
import { logNotice } from '../notice.ts';

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

/** A connection of the pool dropped (a restart, a failover): a notice, as the pool recovers by itself. */
export function poolFailed(error: Error): void {
  logNotice('warn', `a PostgreSQL connection failed (${error.message}); the pool reconnects on the next query`);
}

/** The listening connection dropped: a notice, as it listens again and the streams poll meanwhile. */
export function listenFailed(error: Error): void {
  logNotice('warn', `listening for other instances' events failed (${error.message}); listening again, and polling meanwhile`);
}
