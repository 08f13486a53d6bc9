import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { groupEnded } from '../support/process-group.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A port free right now: the OS picks one, and it is handed to wrangler. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `npm run dev:workers` exactly as a developer runs it from a fresh clone, except that its
 * secrets and local D1 go to a temporary folder (ARENA_DEV_VARS, and `--persist-to` passed on to
 * wrangler) so the repository keeps whatever `.dev.vars` it had. Wrangler is kept off the network
 * (no telemetry, error reports, update check or cf.json fetch) so this runs offline.
 */
describe('npm run dev:workers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'arena-dev-workers-'));
  const varsFile = join(dir, '.dev.vars');
  const repositoryVars = join(root, '.dev.vars');
  const hadRepositoryVars = existsSync(repositoryVars);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates its secrets, then serves /readyz and /api/games from wrangler dev, and stops whole', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const { ARENA_SIGNING_KEY: _, ARENA_SECRET: __, ...inherited } = process.env;
    const child = spawn('npm', ['run', 'dev:workers', '--', '--persist-to', join(dir, 'state')], {
      cwd: root,
      // Its own process group, so stopping it stops npm, wrangler and workerd together.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...inherited,
        PORT: String(port),
        ARENA_DEV_VARS: varsFile,
        NO_COLOR: '1',
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_SEND_ERROR_REPORTS: 'false',
        WRANGLER_HIDE_BANNER: 'true',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_LOG_PATH: join(dir, 'logs'),
        WRANGLER_REGISTRY_PATH: join(dir, 'registry'),
      },
    });
    const pid = child.pid!;
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const base = `http://127.0.0.1:${port}`;

    try {
      // Ready once /readyz answers: the first request opens D1 and migrates it.
      const deadline = Date.now() + 60_000;
      let ready: Response | undefined;
      while (Date.now() < deadline && child.exitCode === null) {
        ready = await fetch(`${base}/readyz`).catch(() => undefined);
        if (ready) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(ready?.status, output).toBe(200);
      expect(await ready!.json()).toMatchObject({ status: 'ready' });
      const games = await fetch(`${base}/api/games`);
      expect(games.status, output).toBe(200);
      await games.arrayBuffer();

      // The secrets it generated: two fresh 32-byte keys, readable by their owner only, never printed.
      const vars = readFileSync(varsFile, 'utf8');
      const keys = [...vars.matchAll(/^(ARENA_SIGNING_KEY|ARENA_SECRET)=([A-Za-z0-9_-]+)$/gm)].map((match) => match[2]!);
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        expect(Buffer.from(key, 'base64url')).toHaveLength(32);
        expect(key).toHaveLength(43);
        expect(output).not.toContain(key);
      }
      expect(keys[0]).not.toBe(keys[1]);
      expect(statSync(varsFile).mode & 0o777).toBe(0o600);
    } finally {
      // SIGTERM to npm alone, as a process manager sends it: wrangler and its workerd must stop
      // with it (issue 29, item 6).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    }
    expect(await groupEnded(pid, 10_000)).toBe(true);
    expect(existsSync(repositoryVars)).toBe(hadRepositoryVars);
  });

  it('keeps an existing vars file as it is', () => {
    const kept = join(dir, 'kept.vars');
    writeFileSync(kept, 'ARENA_SIGNING_KEY=the-one-earlier-receipts-were-signed-with\n');
    const run = spawnSync(process.execPath, ['scripts/dev-vars.mjs'], { cwd: root, env: { ...process.env, ARENA_DEV_VARS: kept }, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(readFileSync(kept, 'utf8')).toBe('ARENA_SIGNING_KEY=the-one-earlier-receipts-were-signed-with\n');
  });
});
