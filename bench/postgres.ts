import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { throwawayDatabase } from '../test/support/fixtures/throwaway-postgres.ts';

/** A real PostgreSQL server holding an empty database of the case's own. */
export interface BenchPostgres {
  /** `postgres://…` of the database. */
  url: string;
  /** Which server, for a row note: its version, and whether it is `DATABASE_URL`'s or a throwaway cluster. */
  what: string;
  /** Drops the database, or stops the throwaway cluster and removes its files. */
  stop(): Promise<void>;
}

/** A PostgreSQL cluster this process started. */
export interface Cluster {
  /** `postgres://…` of one of its databases. */
  urlOf(database: string): string;
  /** `PostgreSQL <version>`. */
  version: string;
  /** The server's first process (the postmaster), whose children are its backends. */
  postmasterPid(): number;
  /** Stops the server and removes its socket folder (and its data, unless it is kept). */
  stop(): Promise<void>;
}

const run = promisify(execFile);

/**
 * The server of `DATABASE_URL` when it is set (a fresh database, dropped by `stop`); otherwise a
 * throwaway cluster (see `startCluster`). Undefined when there is neither.
 */
export async function startBenchPostgres(name: string): Promise<BenchPostgres | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await throwawayDatabase(serverUrl);
    const version = await serverVersion(database.url);
    return { url: database.url, what: `${version}, DATABASE_URL's server`, stop: () => database.drop() };
  }
  const cluster = await startCluster(name);
  if (cluster === undefined) return undefined;
  return { url: cluster.urlOf('postgres'), what: `${cluster.version}, throwaway cluster`, stop: () => cluster.stop() };
}

/**
 * A cluster started from Debian's server binaries as `.ci/run` starts one: initdb with trust
 * authentication (as the postgres user when running as root, since initdb refuses root),
 * `pg_ctl` on a private port of 127.0.0.1 and a private socket folder, the server's default
 * settings (so every commit is flushed to disk) but for `settings` (`-c name=value` each). Its data lives in `keptIn/data` when given, made
 * on first use and started again by later runs; otherwise in a scratch folder removed at the
 * end. Stopped however this process ends. Undefined when there is no server binary.
 */
export async function startCluster(name: string, keptIn?: string, settings: Readonly<Record<string, string>> = {}): Promise<Cluster | undefined> {
  const bin = serverBinaries();
  if (bin === undefined) return undefined;
  installExitHooks();
  const root = process.getuid?.() === 0;
  const owner = root ? { uid: idOf('-u'), gid: idOf('-g') } : undefined;
  const asPostgres = (command: string, args: string[]): [string, string[]] => (root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
  const pgCtl = join(bin, 'pg_ctl');

  // The socket and the server log; the data too, unless it is kept.
  const scratch = mkdtempSync(join(tmpdir(), `bench-${name}-pg-`));
  if (owner) chownSync(scratch, owner.uid, owner.gid);
  const data = keptIn === undefined ? join(scratch, 'data') : join(keptIn, 'data');
  if (keptIn !== undefined) {
    // The server's user must reach its data: the kept folder is its own, and the folders above
    // it (bench/.out, made private by whatever created it first) must let it pass.
    mkdirSync(keptIn, { recursive: true, mode: 0o700 });
    if (owner) {
      chownSync(keptIn, owner.uid, owner.gid);
      chmodSync(dirname(keptIn), statSync(dirname(keptIn)).mode | 0o011);
    }
  }
  const stopNow = () => {
    try {
      execFileSync(...asPostgres(pgCtl, ['-D', data, '-m', 'immediate', 'stop']), { stdio: 'ignore' });
    } catch {
      // Not running (it never started, or has stopped): nothing to stop.
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  clusters.add(stopNow);
  try {
    if (!existsSync(join(data, 'PG_VERSION'))) {
      rmSync(data, { recursive: true, force: true });
      mkdirSync(data, { recursive: true, mode: 0o700 });
      if (owner) chownSync(data, owner.uid, owner.gid);
      await run(...asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']));
    } else {
      // A kept cluster left running by a run that was killed outright: stop it before starting it here.
      await run(...asPostgres(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'])).catch(() => undefined);
    }
    const port = await freePort();
    const extra = Object.entries(settings).map(([setting, value]) => ` -c ${setting}=${value}`);
    const options = `-p ${port} -k ${scratch} -c listen_addresses=127.0.0.1 -c max_connections=200${extra.join('')}`;
    await run(...asPostgres(pgCtl, ['-D', data, '-l', join(scratch, 'server.log'), '-w', '-o', options, 'start']));
    const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      urlOf,
      version: await serverVersion(urlOf('postgres')),
      // postmaster.pid's first line; readable here since the bench runs as root or as the server's user.
      postmasterPid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n', 1)[0]),
      async stop() {
        clusters.delete(stopNow);
        await run(...asPostgres(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'])).catch(() => undefined);
        rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    clusters.delete(stopNow);
    stopNow();
    throw error;
  }
}

/** The newest `/usr/lib/postgresql/<version>/bin` holding `pg_ctl` and `initdb`. */
function serverBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')) && existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b));
  const newest = versions[versions.length - 1];
  return newest === undefined ? undefined : join(root, newest, 'bin');
}

function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}

/** A port of 127.0.0.1 that nothing listens on, as the system hands one out. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `PostgreSQL 15.18`. */
async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return `PostgreSQL ${rows[0]!.server_version.split(' ')[0]}`;
  } finally {
    await client.end();
  }
}

/** Clusters still running, stopped however this process ends, so none outlives a failed run. */
const clusters = new Set<() => void>();
let hooksInstalled = false;

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const stopAll = () => {
    for (const stop of clusters) stop();
    clusters.clear();
  };
  // 'exit' covers normal ends and uncaught errors (and child-server's signal hooks, which exit);
  // a signal ends the process without it unless something calls process.exit.
  process.once('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)));
  }
}
