/**
 * Wrangler run as an operator runs it, on a folder of its own: `wrangler d1 …` commands and
 * `wrangler dev` (local) on the repository's wrangler.toml, kept off the network.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { groupEnded } from './process-group.ts';
import type { RunningArena } from './servers.ts';
import { freePort } from './fixtures/free-port.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const WRANGLER = join(root, 'node_modules/.bin/wrangler');
/** Wrangler kept off the network: no telemetry, error reports, update check or cf.json fetch. */
const OFFLINE = { NO_COLOR: '1', WRANGLER_SEND_METRICS: 'false', WRANGLER_SEND_ERROR_REPORTS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const run = promisify(execFile);

/**
 * A new folder wrangler runs in as if it were the repository: wrangler.toml (its Worker and
 * migrations named by absolute path), the secrets in `.dev.vars`, and its local D1 kept in
 * `.wrangler/state`. The caller removes it.
 */
export async function wranglerProject(devVars: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'arena-d1-'));
  const config = (await readFile(join(root, 'wrangler.toml'), 'utf8')).replace(
    /^(main|migrations_dir) = "(.+)"$/gm,
    (_, key: string, path: string) => `${key} = "${join(root, path)}"`,
  );
  await writeFile(join(folder, 'wrangler.toml'), config);
  await writeFile(join(folder, '.dev.vars'), devVars, { mode: 0o600 });
  return folder;
}

/** `wrangler <args>` on the folder's project; its output. */
export function wrangler(folder: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(WRANGLER, [...args, '--config', join(folder, 'wrangler.toml')], { cwd: folder, env: { ...process.env, ...OFFLINE }, maxBuffer: 16 * 1024 * 1024 });
}

/** `wrangler dev` (local) on the folder's project, ready once `/readyz` answers 200; stopped with its workerd. */
export async function wranglerDev(folder: string): Promise<RunningArena> {
  const port = await freePort();
  const child = spawn(WRANGLER, ['dev', '--config', join(folder, 'wrangler.toml'), '--local', '--ip', '127.0.0.1', '--port', String(port)], {
    cwd: folder,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...OFFLINE },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await groupEnded(child.pid!, 10_000);
  };
  for (const deadline = Date.now() + 60_000; ; ) {
    const ready = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { runtime: 'workers', baseUrl, output: () => output, stop };
}
