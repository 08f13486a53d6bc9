import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { realPostgres } from '../support/postgres-cluster.ts';
import { COMMANDS } from '../support/servers.ts';
import { spawnServer, type SpawnedServer } from '../support/spawned-server.ts';
import { rawBytes } from '../support/sqlite-file.ts';
import { a2aTransport, agentOperations, errand, httpTransport, mcpTransport, Secrets, type Transport } from './journeys.ts';

const run = promisify(execFile);

/**
 * Every agent operation, over HTTP, MCP and A2A, then the operator's move: afterwards no key
 * (of any generation), nonce, registration capability, operator token, Idempotency-Key or
 * Authorization value is in the database (SQLite's files, or a dump of PostgreSQL) or in
 * anything the server wrote (its request log at `info`, its failures).
 */
describe('no secret at rest or in the logs, after every operation by every way in', () => {
  const operatorToken = `operator-${encodeBase64Url(randomSeed())}`;
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Runs the errand by every way in against `server`; resolves to the secrets handled. */
  async function everyWayIn(server: SpawnedServer): Promise<Secrets> {
    const operations = await agentOperations();
    const secrets = new Secrets();
    secrets.add('operator token', operatorToken);
    const transports: Transport[] = [httpTransport(server.baseUrl, operations, secrets), mcpTransport(server.baseUrl), a2aTransport(server.baseUrl)];
    for (const transport of transports) {
      const called = await errand(transport, server.baseUrl, secrets, operatorToken);
      await transport.close();
      // Every tool the arena offers, so a new one cannot be left out of this scan.
      expect([...called].sort(), transport.name).toEqual(operations.map((operation) => operation.tool.name).sort());
    }
    return secrets;
  }

  const start = (env: Record<string, string>) =>
    spawnServer('node', COMMANDS.node, { ...env, ARENA_OPERATOR_TOKEN: operatorToken, ARENA_LOG_LEVEL: 'info', ARENA_ANONYMOUS_WRITES_PER_HOUR: '0' });

  function expectNowhere(where: string, text: string, secrets: Secrets): void {
    expect(secrets.foundIn(text), where).toEqual([]);
  }

  it('SQLite: none in the database files or the log', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'arena-secrets-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await start({ ARENA_DATA_DIR: dataDir });
    cleanups.push(() => server.stop());
    const secrets = await everyWayIn(server);
    expect(server.output()).toContain('"event":"request"');
    await server.stop();
    for (const file of (await readdir(dataDir)).filter((name) => name.startsWith('arena.db'))) expectNowhere(file, rawBytes(join(dataDir, file)), secrets);
    expectNowhere('the log', server.output(), secrets);
  }, 180_000);

  it('PostgreSQL: none in a dump of the database or the log', async (context) => {
    const postgres = await realPostgres();
    if (!postgres?.bin) return context.skip('needs PostgreSQL and its pg_dump (CI installs them)');
    cleanups.push(() => postgres.dispose());
    const server = await start({ DATABASE_URL: postgres.url, ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()) });
    cleanups.push(() => server.stop());
    const secrets = await everyWayIn(server);
    const { stdout: dump } = await run(join(postgres.bin, 'pg_dump'), ['--dbname', postgres.url], { maxBuffer: 64 * 1024 * 1024 });
    expect(dump).toContain('COPY public.attempts');
    expectNowhere('pg_dump', dump, secrets);
    await server.stop();
    expectNowhere('the log', server.output(), secrets);
  }, 180_000);
});
