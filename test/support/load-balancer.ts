/**
 * HAProxy from Debian's packages (`.ci/run` installs it), run on the project's own
 * `cluster/haproxy.cfg`, the file `cluster/compose.yaml` mounts: the test's cluster has the
 * operator's settings, with only the addresses given here.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres-cluster.ts';

export const HAPROXY_CONFIG = fileURLToPath(new URL('../../cluster/haproxy.cfg', import.meta.url));

/** One instance as the balancer sees it, from its status page. */
export interface BalancedServer {
  name: string;
  /** `UP`, `DOWN`, `UP 1/2` (rising), `DOWN 1/2` (falling), `MAINT`, … */
  status: string;
  /** Sessions (requests' connections) the balancer has sent it in all. */
  sessions: number;
}

export interface LoadBalancer {
  baseUrl: string;
  servers(): Promise<BalancedServer[]>;
  /** Polls the status page until `name`'s status is `status` exactly; the moment it was seen. */
  awaitStatus(name: string, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<number>;
  output(): string;
  stop(): Promise<void>;
}

/** The `haproxy` on PATH, or undefined. */
export function haproxyExecutable(): string | undefined {
  for (const folder of [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin']) {
    const candidate = join(folder, 'haproxy');
    if (folder && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** HAProxy in front of `instances` (host:port each, `arena-1`, `arena-2`, … in order). */
export async function startLoadBalancer(executable: string, instances: readonly string[]): Promise<LoadBalancer> {
  const [listen, stats] = [await freePort(), await freePort()];
  const addresses = Object.fromEntries(instances.map((address, i) => [`ARENA_${i + 1}`, address]));
  const child = spawn(executable, ['-db', '-f', HAPROXY_CONFIG], {
    env: { PATH: process.env.PATH, ARENA_LISTEN: `127.0.0.1:${listen}`, HAPROXY_STATS_LISTEN: `127.0.0.1:${stats}`, ...addresses },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const statsUrl = `http://127.0.0.1:${stats}/;csv`;

  const servers = async (): Promise<BalancedServer[]> => {
    const [header, ...lines] = (await (await fetch(statsUrl)).text()).trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const [name, status, sessions] = ['svname', 'status', 'stot'].map((column) => columns.indexOf(column));
    return lines
      .map((line) => line.split(','))
      .filter((fields) => fields[0] === 'instances' && !['FRONTEND', 'BACKEND'].includes(fields[name!]!))
      .map((fields) => ({ name: fields[name!]!, status: fields[status!]!, sessions: Number(fields[sessions!]) }));
  };

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy ended before serving:\n${output}`);
    if (await servers().catch(() => undefined)) break;
    if (Date.now() - started > 10_000) throw new Error(`haproxy's status page did not answer within 10 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    baseUrl: `http://127.0.0.1:${listen}`,
    servers,
    async awaitStatus(name, status, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const server = (await servers()).find((server) => server.name === name);
        if (server?.status === status) return Date.now();
        if (Date.now() > deadline) throw new Error(`${name} is ${server?.status ?? 'unknown'}, not ${status}, after ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
