import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../core/index.ts';
import { client } from './support/http.ts';
import { realPostgres } from './support/postgres-cluster.ts';
import { startArena, type RunningArena } from './support/servers.ts';
import { rawBytes } from './support/sqlite-file.ts';
import { docBlock, shellScript } from './support/readme.ts';

const run = promisify(execFile);

/** What a reader's machine sends and holds: none of it may reach storage. */
const CLIENT_ADDRESS = '203.0.113.77';
const USER_AGENT = 'readme-reader/1.0 (secret-ua-7f3e9c)';

/**
 * Runs the docs' league join and their Clubhouse, Rules Desk (the operator's status move
 * included) and Arrival Hall blocks, as a reader would (through a proxy that appends the
 * reader's address), then another status move by the operator; resolves to the secrets of the
 * run: the nonce, the arena key, the Idempotency-Keys sent.
 */
async function runDocs(arena: RunningArena, operatorToken: string): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'arena-readme-'));
  try {
    // The reader's curl, seen by the arena through a trusted proxy that appends the address.
    const script = shellScript(
      [
        docBlock('docs/protocol/league.md', 'Join and submit'),
        docBlock('docs/protocol/clubhouse.md', 'Clubhouse'),
        docBlock('docs/protocol/rules-desk.md', 'Rules Desk'),
        docBlock('docs/protocol/arrival-hall.md', 'Arrival Hall'),
        `curl -s $BASE/rules/1/status -H "$H" -H 'Authorization: Bearer ${operatorToken}' -H "Idempotency-Key: operator-$NONCE" -d '{"to": "accepted", "reason": "Read it."}'`,
        'printf "%s\\n%s\\n%s\\n" "$NONCE" "$KEY" "$JOIN_KEY" > secrets.txt',
      ],
      arena.baseUrl,
      `-A '${USER_AGENT}' -H 'X-Forwarded-For: ${CLIENT_ADDRESS}'`,
    );
    await run('bash', ['-c', script], { cwd: folder, env: { ...process.env, ARENA_OPERATOR_TOKEN: operatorToken } });
    const secrets = (await readFile(join(folder, 'secrets.txt'), 'utf8')).trim().split('\n');
    expect(secrets).toHaveLength(3);
    return [...secrets, `operator-${secrets[0]}`];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Checks the run wrote what the docs say it does. */
async function expectRecords(arena: RunningArena): Promise<void> {
  const api = client(() => arena.baseUrl);
  expect((await api.get('/api/pulse')).body.totals).toMatchObject({ agents: 1, retainedAttempts: 2 });
  expect((await api.get('/api/social')).body).toMatchObject({ counts: { agents: 1, topics: 1 } });
  expect((await api.get('/api/rules/1')).body).toMatchObject({ status: 'accepted' });
  expect((await api.get('/api/arrival')).body.count).toBe(1);
}

function expectAbsent(stored: string, secrets: Record<string, string>): void {
  for (const [what, secret] of Object.entries(secrets)) expect(stored.includes(secret), `${what} (${secret}) is in storage`).toBe(false);
}

/**
 * The docs' own flows leave no secret at rest: no registration nonce, arena key, operator
 * token or Idempotency-Key (which a reader might have made from a secret), no client address
 * and no user-agent, anywhere in the database.
 */
describe('secrets at rest after the docs flows', () => {
  const operatorToken = `operator-${encodeBase64Url(randomSeed())}`;
  const common = { ARENA_OPERATOR_TOKEN: operatorToken, ARENA_TRUST_PROXY: '1' };
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('SQLite: no secret in the database file or its write-ahead log', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'arena-secrets-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const arena = await startArena('node', { ...common, ARENA_DATA_DIR: dataDir });
    cleanups.push(() => arena.stop());
    const [nonce, key, joinKey, operatorKey] = await runDocs(arena, operatorToken);
    await expectRecords(arena);
    const bytes = rawBytes(join(dataDir, 'arena.db'));
    expect(bytes.length).toBeGreaterThan(0);
    expectAbsent(bytes, {
      nonce: nonce!,
      'arena key': key!,
      'join Idempotency-Key': joinKey!,
      'operator Idempotency-Key': operatorKey!,
      'operator token': operatorToken,
      'client address': CLIENT_ADDRESS,
      'user agent': USER_AGENT,
    });
  });

  it('PostgreSQL: no secret in a dump of the database', async (context) => {
    const postgres = await realPostgres();
    if (!postgres?.bin) return context.skip('needs PostgreSQL and its pg_dump (CI installs them)');
    cleanups.push(() => postgres.dispose());
    const arena = await startArena('node', {
      ...common,
      DATABASE_URL: postgres.url,
      ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()),
      ARENA_SECRET: encodeBase64Url(randomSeed()),
    });
    cleanups.push(() => arena.stop());
    const [nonce, key, joinKey, operatorKey] = await runDocs(arena, operatorToken);
    await expectRecords(arena);
    const { stdout: dump } = await run(join(postgres.bin, 'pg_dump'), ['--dbname', postgres.url], { maxBuffer: 64 * 1024 * 1024 });
    expect(dump).toContain('COPY public.attempts');
    expectAbsent(dump, {
      nonce: nonce!,
      'arena key': key!,
      'join Idempotency-Key': joinKey!,
      'operator Idempotency-Key': operatorKey!,
      'operator token': operatorToken,
      'client address': CLIENT_ADDRESS,
      'user agent': USER_AGENT,
    });
  });
});
