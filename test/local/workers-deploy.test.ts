/**
 * The Worker in the form `npx wrangler deploy` uploads (issue 33): `wrangler deploy --dry-run`
 * builds it from wrangler.toml, offline and with no account, naming its D1 binding; the bundle
 * fits Cloudflare's size limit; and that very bundle, run in workerd through miniflare with a
 * fresh D1, migrates it and serves the league.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Miniflare } from 'miniflare';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { MIGRATIONS } from '../storage/cases/migration-names.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Cloudflare's limit on a Worker's compressed size on the Free plan (Paid: 10 MB). */
const FREE_PLAN_GZIP_BYTES = 3 * 1024 * 1024;

/** A `key = "value"` or `key = ["value", …]` line of wrangler.toml. */
function tomlValue(key: string): string | string[] {
  const match = new RegExp(`^${key} = (.+)$`, 'm').exec(readFileSync(join(root, 'wrangler.toml'), 'utf8'));
  if (!match) throw new Error(`wrangler.toml has no ${key}`);
  return JSON.parse(match[1]!) as string | string[];
}

describe('npx wrangler deploy --dry-run', () => {
  const out = mkdtempSync(join(tmpdir(), 'arena-worker-build-'));
  let miniflare: Miniflare | undefined;
  afterAll(async () => {
    await miniflare?.dispose();
    rmSync(out, { recursive: true, force: true });
  });

  it('builds the Worker offline, with its D1 binding, within the Free plan’s size', { timeout: 60_000 }, () => {
    const built = spawnSync(join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', out], {
      cwd: root,
      encoding: 'utf8',
      // Off the network: no telemetry, error reports or update check.
      env: { ...process.env, NO_COLOR: '1', WRANGLER_SEND_METRICS: 'false', WRANGLER_SEND_ERROR_REPORTS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    const output = `${built.stdout}${built.stderr}`;
    expect(built.status, output).toBe(0);
    expect(output).toMatch(/env\.DB \(agent-arena\)\s+D1 Database/);
    expect(output).toContain('--dry-run: exiting now.');
    const bundle = readFileSync(join(out, 'worker.js'));
    expect(gzipSync(bundle).length).toBeLessThan(FREE_PLAN_GZIP_BYTES);
  });

  it('serves from that bundle in workerd: a fresh D1 migrated, a join retained and listed', { timeout: 60_000 }, async () => {
    miniflare = new Miniflare({
      modules: true,
      scriptPath: join(out, 'worker.js'),
      modulesRoot: out,
      compatibilityDate: tomlValue('compatibility_date') as string,
      compatibilityFlags: tomlValue('compatibility_flags') as string[],
      d1Databases: ['DB'],
      bindings: { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_SECRET: encodeBase64Url(randomSeed()) },
    });
    const call = async (path: string, init?: RequestInit) => {
      const response = await miniflare!.dispatchFetch(`http://arena.test${path}`, init as never);
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const ready = await call('/readyz');
    expect(ready).toEqual({ status: 200, body: { status: 'ready', migrations: MIGRATIONS.length } });
    const { body: league } = await call('/api/league');
    const joined = await call('/api/league/join', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() },
      body: JSON.stringify({ challengeToken: league.challengeToken, actions: finishingTape(league.board), registrationNonce: freshNonce(), agent: { handle: 'deployed' } }),
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const listed = await call(`/api/league/attempts?date=${league.challengeDate}`);
    expect(listed.body.attempts.map((attempt: { id: string }) => attempt.id)).toEqual([joined.body.attempt.id]);
  });
});
