/**
 * A league submit on PostgreSQL makes two round trips: the bearer key's lookup and the attempt's
 * insert, which also holds the request's Idempotency-Key (no claim row is written first).
 * Counted at the pool, in process, on a real server (`DATABASE_URL`). The NOTIFY that tells other
 * instances of new events is not the request's: it is sent after the commit, once for the writes
 * committed meanwhile (storage/events/announcer.ts), and the answer does not wait for it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArena, randomSeed } from '../../core/index.ts';
import type { Store } from '../../core/store/store.ts';
import { createPostgresDialect, openStore, type PgPoolClientLike, type PgPoolLike } from '../../storage/index.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { throwawayDatabase } from '../support/fixtures/throwaway-postgres.ts';

const SERVER_URL = process.env.DATABASE_URL;

/** The pool, counting the statements its clients send while `counting` is on. */
function countingPool(pool: pg.Pool) {
  const counted = { on: false, statements: [] as string[] };
  const wrapped: PgPoolLike = {
    async connect() {
      const client = await pool.connect();
      const counting: PgPoolClientLike = {
        query(statement, parameters) {
          if (counted.on) counted.statements.push(typeof statement === 'string' ? statement : statement.text);
          return client.query(statement as never, parameters as never) as never;
        },
        release: () => client.release(),
        on: (event, listener) => client.on(event, listener),
      };
      return counting;
    },
    end: () => pool.end(),
    on: (event: 'error' | 'connect', listener: (value: never) => void) => pool.on(event as 'error', listener as never),
  };
  return { wrapped, counted };
}

describe.skipIf(!SERVER_URL)('a league submit on PostgreSQL', () => {
  let drop = async () => {};
  let store: Store;
  let counted: ReturnType<typeof countingPool>['counted'];
  beforeAll(async () => {
    const database = await throwawayDatabase(SERVER_URL!);
    drop = database.drop;
    const pool = countingPool(new pg.Pool({ connectionString: database.url, max: 4 }));
    counted = pool.counted;
    store = await openStore(createPostgresDialect(pool.wrapped), 'postgres');
  });
  afterAll(async () => {
    await store?.close();
    await drop();
  });

  it('makes two round trips: the key, then the attempt with its Idempotency-Key', async () => {
    const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store });
    const post = async (path: string, body: unknown, headers: Record<string, string>) => {
      const init = { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
      const response = await arena.fetch(new Request(`http://arena.test${path}`, init));
      return { status: response.status, replayed: response.headers.get('idempotency-replayed'), text: await response.text() };
    };
    const league = await (await arena.fetch(new Request('http://arena.test/api/league'))).json();
    const join = { challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle: 'two-trips' } };
    const joined = await post('/api/league/join', join, { 'idempotency-key': freshKey() });
    expect(joined.status, joined.text).toBe(200);
    const headers = { authorization: `Bearer ${JSON.parse(joined.text).apiKey}`, 'idempotency-key': freshKey() };
    const body = { challengeToken: league.challengeToken, actions: 'UURR' };
    // The first submit of a key may not be the first statement of its kind on this connection.
    await post('/api/league/submit', body, { ...headers, 'idempotency-key': freshKey() });

    await new Promise((resolve) => setTimeout(resolve, 100));

    counted.on = true;
    const first = await post('/api/league/submit', body, headers);
    counted.on = false;
    expect(first.status, first.text).toBe(200);
    const ofTheRequest = counted.statements.filter((statement) => !statement.includes('pg_notify'));
    expect(ofTheRequest, ofTheRequest.join('\n\n')).toHaveLength(2);
    expect(ofTheRequest[0]).toMatch(/^select .* from "agents" where "key_digest" = \$1$/);
    expect(ofTheRequest[1]).toMatch(/^insert into "attempts"/);

    const again = await post('/api/league/submit', body, headers);
    expect(again).toEqual({ status: 200, replayed: 'true', text: first.text });
  });
});
