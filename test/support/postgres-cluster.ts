import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './fixtures/free-port.ts';

const run = promisify(execFile);
const DEBIAN_ROOT = '/usr/lib/postgresql';

/**
 * A PostgreSQL server of the test's own, from Debian's packages (which `.ci/run` installs), in
 * a folder of its own: unlike the shared server of `DATABASE_URL`, it may be stopped and started
 * in the middle of a test, as an operator's database restarts.
 */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** The folder of the server's own binaries (`pg_dump` among them). */
  bin: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

/** The newest installed server's binaries, or undefined when none is installed here. */
export async function postgresBinaries(): Promise<string | undefined> {
  const versions = await readdir(DEBIAN_ROOT).catch(() => [] as string[]);
  const newest = versions.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? undefined : join(DEBIAN_ROOT, newest, 'bin');
}

/** Initialises and starts a throwaway cluster on a free port (as the `postgres` user when run as root). */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const folder = await mkdtemp(join(tmpdir(), 'arena-pg-'));
  const data = join(folder, 'data');
  const port = await freePort();
  // initdb refuses to run as root: the cluster then belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args));
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => void (await as('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-w', '-o', options, 'start']));
  const stop = async () => void (await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bin,
    async start() {
      await start();
      running = true;
    },
    async stop() {
      await stop();
      running = false;
    },
    async destroy() {
      if (running) await stop().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A database of the test's own on a real PostgreSQL server: a fresh one on the server of
 * `DATABASE_URL` when set (CI), else a throwaway cluster from the installed binaries; undefined
 * when there is neither.
 */
export async function realPostgres(): Promise<{ url: string; bin: string | undefined; dispose(): Promise<void> } | undefined> {
  const bin = await postgresBinaries();
  if (process.env.DATABASE_URL) {
    const { throwawayDatabase } = await import('./fixtures/throwaway-postgres.ts');
    const database = await throwawayDatabase(process.env.DATABASE_URL);
    return { url: database.url, bin, dispose: () => database.drop() };
  }
  if (!bin) return undefined;
  const cluster = await startPostgresCluster(bin);
  return { url: cluster.url, bin, dispose: () => cluster.destroy() };
}
