/** PostgreSQL through a `pg` Pool (or anything shaped like one): Kysely's `PostgresDialect`. */
import { PostgresDialect, type Dialect, type PostgresPool } from 'kysely';
import { preparedNameOf } from '../shared/compiled-once.ts';
import { isPostgresOutage, withOutageDetection } from './outages.ts';

/** A statement prepared by name, as `pg` takes it. */
export interface PgNamedQuery {
  name: string;
  text: string;
  values: unknown[];
}

/** The part of a `pg` pooled client this needs. */
export interface PgPoolClientLike {
  query(sql: string | PgNamedQuery, parameters?: unknown[]): Promise<{ command: string; rowCount: number | null; rows: unknown[] }>;
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
  return withOutageDetection(new PostgresDialect({ pool: preparing(pool) as unknown as PostgresPool }), isPostgresOutage);
}

/**
 * The pool, its clients sending each statement compiled once (see ../shared/compiled-once.ts)
 * by name: `pg` prepares a named statement once per connection, so the server parses and plans
 * the hot write path's statements once instead of on every request. Those statements name the
 * columns they return, so a column a later migration adds (while this process runs) leaves a
 * prepared statement's shape as it was. Each client is wrapped once, since Kysely keeps its
 * connection per client object.
 */
function preparing(pool: PgPoolLike): PgPoolLike {
  const wrapped = new WeakMap<PgPoolClientLike, PgPoolClientLike>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparingClient = wrapped.get(client);
      if (!preparingClient) {
        preparingClient = {
          query(sql, parameters) {
            const name = typeof sql === 'string' ? preparedNameOf(sql) : undefined;
            return name === undefined ? client.query(sql, parameters) : client.query({ name, text: sql as string, values: parameters ?? [] });
          },
          release: () => client.release(),
        };
        wrapped.set(client, preparingClient);
      }
      return preparingClient;
    },
    end: () => pool.end(),
  };
}
