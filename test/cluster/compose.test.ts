/**
 * compose.cluster.yaml, checked as far as a machine with no container engine allows: Debian's
 * docker-compose (`.ci/run` installs it) validates and renders it (`config`, which needs no
 * daemon), and HAProxy checks cluster/haproxy.cfg with the balancer's environment as compose
 * gives it. The settings agree with the code and with the cluster the test runs
 * (test/cluster/cluster.test.ts, on the same haproxy.cfg). Not checked: the images, Docker's DNS
 * and networks, and Docker's handling of depends_on, restarts and stops.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULTS, VARIABLES } from '../../adapters/configuration/variables.ts';
import { DRAIN_BOUND_MS, IDLE_GRACE_MS } from '../../adapters/graceful-shutdown.ts';
import { HAPROXY_CONFIG, haproxyExecutable } from '../support/fixtures/load-balancer.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const REQUIRED = process.env.ARENA_TEST_CLUSTER === 'required';
const COMPOSE = [...(process.env.PATH ?? '').split(delimiter)].map((folder) => join(folder, 'docker-compose')).find((path) => existsSync(path));
const HAPROXY = haproxyExecutable();
/** What `.env` holds for the check: placeholders compose accepts. */
const DOT_ENV = { POSTGRES_PASSWORD: 'abc123', ARENA_OPERATOR_TOKEN: 'o'.repeat(32), ARENA_SIGNING_KEY: 'k'.repeat(43), ARENA_SECRET: 's'.repeat(43) };

/** Compose's rendered document, read field by field below. */
type Rendered = any;

describe.skipIf((!COMPOSE || !HAPROXY) && !REQUIRED)('compose.cluster.yaml', () => {
  let folder: string;
  let rendered: Rendered;
  const servers = [...readFileSync(HAPROXY_CONFIG, 'utf8').matchAll(/^\s+server (\S+) "\$\{(ARENA_\d+)\}"/gm)].map(([, name, variable]) => ({ name: name!, variable: variable! }));

  /** `docker-compose config` in a copy of the files it reads, with `.env` as given. */
  const config = async (env: Record<string, string>) => {
    await writeFile(
      join(folder, '.env'),
      Object.entries(env)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    );
    return run(COMPOSE!, ['-f', 'compose.cluster.yaml', 'config'], { cwd: folder, env: { PATH: process.env.PATH } });
  };

  beforeAll(async () => {
    if (!COMPOSE || !HAPROXY) throw new Error('ARENA_TEST_CLUSTER=required, and docker-compose or haproxy is missing (.ci/run installs both from Debian)');
    folder = await mkdtemp(join(tmpdir(), 'arena-compose-'));
    await mkdir(join(folder, 'cluster'));
    await copyFile(join(root, 'compose.cluster.yaml'), join(folder, 'compose.cluster.yaml'));
    await copyFile(HAPROXY_CONFIG, join(folder, 'cluster', 'haproxy.cfg'));
    rendered = parse((await config(DOT_ENV)).stdout);
  });
  afterAll(() => (folder ? rm(folder, { recursive: true, force: true }) : undefined));

  it('runs an instance for each server the balancer names, all alike, on one PostgreSQL', () => {
    expect(servers.map((server) => server.name)).toEqual(['arena-1', 'arena-2', 'arena-3']);
    const instances = servers.map((server) => rendered.services[server.name]);
    for (const instance of instances) {
      expect(instance).toEqual(instances[0]);
      expect(instance.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      // The drain, then the connections idle at the stop, then the store closed: a few seconds more.
      expect(Number.parseInt(instance.stop_grace_period, 10) * 1000).toBeGreaterThanOrEqual(DRAIN_BOUND_MS + IDLE_GRACE_MS + 10_000);
    }
    const environment = instances[0].environment;
    expect(environment).toMatchObject({
      DATABASE_URL: `postgres://arena:${DOT_ENV.POSTGRES_PASSWORD}@postgres:5432/arena`,
      ARENA_SIGNING_KEY: DOT_ENV.ARENA_SIGNING_KEY,
      ARENA_SECRET: DOT_ENV.ARENA_SECRET,
      ARENA_TRUST_PROXY: '1',
    });
    // Every setting compose gives an instance is one the arena reads (POSTGRES_PASSWORD comes with .env, for PostgreSQL's service).
    expect(Object.keys(environment).filter((name) => !(name in VARIABLES) && name !== 'POSTGRES_PASSWORD')).toEqual([]);
    expect(rendered.services.postgres.healthcheck.test).toEqual(['CMD-SHELL', 'pg_isready -U arena -d arena']);
  });

  it('sends clients through the balancer, to each instance on the port it listens on', () => {
    const balancer = rendered.services.balancer;
    expect(balancer.ports).toEqual([expect.objectContaining({ published: DEFAULTS.PORT, target: DEFAULTS.PORT })]);
    expect(balancer.environment.ARENA_LISTEN).toBe(`:${DEFAULTS.PORT}`);
    for (const server of servers) expect(balancer.environment[server.variable]).toBe(`${server.name}:${DEFAULTS.PORT}`);
    // The very file the cluster test runs.
    expect(balancer.volumes).toEqual([`${join(folder, 'cluster', 'haproxy.cfg')}:/usr/local/etc/haproxy/haproxy.cfg:ro`]);
    // No instance is reachable but through the balancer.
    for (const server of servers) expect(rendered.services[server.name].ports).toBeUndefined();
  });

  it('gives HAProxy a configuration it accepts, with the balancer’s environment', async () => {
    const { stdout, stderr } = await run(HAPROXY!, ['-c', '-f', HAPROXY_CONFIG], { env: { PATH: process.env.PATH, ...rendered.services.balancer.environment } });
    expect(`${stdout}${stderr}`).toContain('Configuration file is valid');
  });

  it('refuses to start a cluster whose instances would not share one signing key and secret', async () => {
    const { ARENA_SIGNING_KEY: _, ...withoutKey } = DOT_ENV;
    await expect(config(withoutKey)).rejects.toThrow(/set ARENA_SIGNING_KEY in \.env/);
    const { ARENA_SECRET: __, ...withoutSecret } = DOT_ENV;
    await expect(config(withoutSecret)).rejects.toThrow(/set ARENA_SECRET in \.env/);
  });
});
