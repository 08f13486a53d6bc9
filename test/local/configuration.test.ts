import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLocalSettings } from '../../adapters/configuration/local-settings.ts';
import { ConfigurationError, ENVIRONMENT_VARIABLES, readEnvironment, type Environment } from '../../adapters/configuration/read.ts';
import { DEFAULTS, VARIABLES } from '../../adapters/configuration/variables.ts';
import { runtimeSqlite } from '../../adapters/storage/sqlite-file.ts';
import { sourcesUnder } from '../support/runtime-leaks.ts';
import { testArenaContext } from '../support/arena-context.ts';
import { COMMANDS } from '../support/servers.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const KEY = 'A'.repeat(43);

/** The message that refuses `env`, or undefined when it is taken. */
function refusalOf(env: Environment): string | undefined {
  try {
    readEnvironment(env);
    return undefined;
  } catch (error) {
    expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigurationError);
    return (error as Error).message;
  }
}

/** The whole numbers each variable takes, least and most. */
const NUMBER_BOUNDS: Record<string, [number, number]> = {
  PORT: [0, 65_535],
  DATABASE_POOL_SIZE: [1, 9_999],
  ARENA_ARRIVAL_DAILY_CAP: [1, 999_999],
  ARENA_ANONYMOUS_WRITES_PER_HOUR: [0, 9_999_999],
  ARENA_EVENTS_POLL_MS: [1, 9_999_999],
  ARENA_EVENTS_HEARTBEAT_MS: [1, 9_999_999],
  ARENA_EVENTS_PER_CLIENT: [1, 99_999],
  ARENA_EVENTS_MAX: [1, 9_999_999],
  ARENA_EXPORTS_PER_CLIENT: [1, 99_999],
};

/** Every other variable with a form: a value it refuses, and the bounds its refusal must state. */
const OTHER_FORMS: Record<string, [string, string[]]> = {
  ARENA_SIGNING_KEY: ['A'.repeat(44), ['32 bytes', '43 characters']],
  ARENA_SECRET: ['A'.repeat(42), ['32 bytes', '43 characters']],
  ARENA_RETIRED_PUBLIC_KEYS: [`${KEY},${'B'.repeat(44)}`, ['32 bytes', '43 characters']],
  ARENA_OPERATOR_TOKEN: ['t'.repeat(31), ['at least 32 characters']],
  ARENA_DATA_LICENCE: ['L'.repeat(301), ['1 to 300 characters']],
  ARENA_PUBLIC_ORIGIN: ['ftp://arena.example', ['http(s) origin']],
  ARENA_BASE_PATH: ['/arena/', ['a path such as /arena', "no trailing '/'", "no '.' or '..' segment"]],
  DATABASE_URL: ['mysql://db/arena', ['postgres://', 'postgresql://']],
  ARENA_CLUBHOUSE: ['closed', ['open', 'forming']],
  ARENA_LOG_LEVEL: ['loud', ['info', 'warn', 'error', 'silent']],
  ARENA_TRUST_PROXY: ['maybe', ['1, true, yes, on', '0, false, no, off']],
};
/** Taken as they are: any text. */
const FREE_FORM = ['HOST', 'ARENA_DATA_DIR'];

describe('the environment, read at start', () => {
  it('takes the usual spellings of a yes and a no', () => {
    for (const yes of ['1', 'true', 'YES', 'On', ' yes ']) expect(readEnvironment({ ARENA_TRUST_PROXY: yes }).ARENA_TRUST_PROXY).toBe(true);
    for (const no of ['0', 'false', 'No', 'OFF']) expect(readEnvironment({ ARENA_TRUST_PROXY: no }).ARENA_TRUST_PROXY).toBe(false);
    expect(readEnvironment({ ARENA_TRUST_PROXY: '' }).ARENA_TRUST_PROXY).toBeUndefined();
  });

  it('reads each value in its own type, and leaves out what is unset', () => {
    const config = readEnvironment({ PORT: '8080', ARENA_SIGNING_KEY: KEY, ARENA_ARRIVAL_DAILY_CAP: '7', ARENA_CLUBHOUSE: 'forming', PATH: '/bin', ARENA_SECRET: '' });
    expect(config).toEqual({ PORT: 8080, ARENA_SIGNING_KEY: new Uint8Array(32), ARENA_ARRIVAL_DAILY_CAP: 7, ARENA_CLUBHOUSE: 'forming' });
  });

  it('states the bounds of every variable in the message that refuses it, never the value', () => {
    expect([...Object.keys(NUMBER_BOUNDS), ...Object.keys(OTHER_FORMS), ...FREE_FORM].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
    for (const [name, [min, max]] of Object.entries(NUMBER_BOUNDS)) {
      expect(refusalOf({ [name]: String(min) }), name).toBeUndefined();
      expect(refusalOf({ [name]: String(max) }), name).toBeUndefined();
      for (const refused of [String(max + 1), String(min - 1), '1000000000', '12.5', 'lots']) {
        const message = refusalOf({ [name]: refused });
        expect(message, `${name}=${refused}`).toMatch(new RegExp(`^${name} must be .*\\bfrom ${min} to ${max}\\b`));
        if (refused.length > 1) expect(message).not.toContain(refused);
      }
    }
    for (const [name, [refused, bounds]] of Object.entries(OTHER_FORMS)) {
      const message = refusalOf({ [name]: refused });
      expect(message, name).toMatch(new RegExp(`^${name} must `));
      for (const bound of bounds) expect(message, name).toContain(bound);
      expect(message).not.toContain(refused);
    }
  });

  it('lists what each variable sets, its default and its form, the form being what a refusal says', () => {
    for (const [name, variable] of Object.entries(VARIABLES)) {
      expect(variable.meaning, name).toMatch(/^\S.{10,}\.$/);
      expect(variable.default, name).not.toBe('');
      const rule = 'rule' in variable ? variable.rule : undefined;
      expect(rule === undefined, name).toBe(FREE_FORM.includes(name));
      const refused = NUMBER_BOUNDS[name] ? String(NUMBER_BOUNDS[name][1] + 1) : OTHER_FORMS[name]?.[0];
      if (refused !== undefined) expect(refusalOf({ [name]: refused }), name).toBe(`${name} ${rule}`);
    }
  });

  it("states the defaults that apply: the adapters' own, and those createArena takes", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arena-defaults-'));
    try {
      const settings = await loadLocalSettings({ ARENA_DATA_DIR: dataDir }, runtimeSqlite(), () => undefined);
      await settings.arena.store.close();
      // Each default, read as the variable's value, is what applies while it is unset.
      const stated = readEnvironment(Object.fromEntries(['PORT', 'HOST', 'ARENA_TRUST_PROXY', 'ARENA_LOG_LEVEL'].map((name) => [name, VARIABLES[name as 'PORT'].default])));
      expect({ PORT: settings.port, HOST: settings.hostname, ARENA_TRUST_PROXY: settings.trustProxy, ARENA_LOG_LEVEL: settings.arena.log?.level }).toEqual(stated);
      expect(VARIABLES.ARENA_DATA_DIR.default).toBe(DEFAULTS.ARENA_DATA_DIR);
      expect(VARIABLES.DATABASE_POOL_SIZE.default).toBe(String(DEFAULTS.DATABASE_POOL_SIZE));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const { settings } = await testArenaContext();
    expect({
      ARENA_CLUBHOUSE: settings.clubhouse,
      ARENA_ARRIVAL_DAILY_CAP: String(settings.arrivalDailyCap),
      ARENA_ANONYMOUS_WRITES_PER_HOUR: String(settings.anonymousWritesPerHour),
      ARENA_EVENTS_POLL_MS: String(settings.events.pollMs),
      ARENA_EVENTS_HEARTBEAT_MS: String(settings.events.heartbeatMs),
      ARENA_EVENTS_PER_CLIENT: String(settings.events.streamsPerClient),
      ARENA_EVENTS_MAX: String(settings.events.maxStreams),
      ARENA_EXPORTS_PER_CLIENT: String(settings.exportsPerClient),
    }).toEqual({
      ARENA_CLUBHOUSE: VARIABLES.ARENA_CLUBHOUSE.default,
      ARENA_ARRIVAL_DAILY_CAP: VARIABLES.ARENA_ARRIVAL_DAILY_CAP.default,
      ARENA_ANONYMOUS_WRITES_PER_HOUR: VARIABLES.ARENA_ANONYMOUS_WRITES_PER_HOUR.default,
      ARENA_EVENTS_POLL_MS: VARIABLES.ARENA_EVENTS_POLL_MS.default,
      ARENA_EVENTS_HEARTBEAT_MS: VARIABLES.ARENA_EVENTS_HEARTBEAT_MS.default,
      ARENA_EVENTS_PER_CLIENT: VARIABLES.ARENA_EVENTS_PER_CLIENT.default,
      ARENA_EVENTS_MAX: VARIABLES.ARENA_EVENTS_MAX.default,
      ARENA_EXPORTS_PER_CLIENT: VARIABLES.ARENA_EXPORTS_PER_CLIENT.default,
    });
  });

  it('is read in one place: no adapter reads a variable itself, and every name an adapter mentions is on the list', async () => {
    const server = (await sourcesUnder(join(root, 'adapters'))).filter((file) => !/\/adapters\/(cli|client|configuration)\//.test(file));
    const strays: string[] = [];
    const mentioned = new Set<string>();
    const declared = new Set<string>();
    for (const file of server) {
      const source = await readFile(file, 'utf8');
      for (const [, constant] of source.matchAll(/\bconst ([A-Z][A-Z_]+)\b/g)) declared.add(constant!);
      // The mains hand the whole environment over (process.env, Bun.env, Deno.env.toObject()); reading one
      // variable is the list's to do. A Worker's D1 binding (env.DB) is no variable.
      for (const [read] of source.matchAll(/\b(?:env\.(?!toObject\b|DB\b)[A-Za-z_]+|env\[|Deno\.env\.get\b)/g)) strays.push(`${file.slice(root.length)}: ${read}`);
      for (const [name] of source.matchAll(/\b(?:ARENA|DATABASE)_[A-Z_]+\b/g)) mentioned.add(name);
    }
    expect(server.length).toBeGreaterThan(20);
    expect(strays).toEqual([]);
    expect([...mentioned].filter((name) => !declared.has(name) && !ENVIRONMENT_VARIABLES.includes(name as never))).toEqual([]);
  });

  it('marks as local the variables a Worker never reads: those its options and log are not built from', async () => {
    const workers = new Set<string>();
    for (const file of ['adapters/configuration/arena-options.ts', 'adapters/arena-log.ts']) {
      for (const [, name] of (await readFile(join(root, file), 'utf8')).matchAll(/\b((?:ARENA|DATABASE)_[A-Z_]+)\b/g)) workers.add(name!);
    }
    expect(read('adapters/workers/worker.ts')).toMatch(/keysOf\(config\)[\s\S]*arenaSettingsOf\(config\)[\s\S]*arenaLogFor\(\s*config,/);
    const local = Object.entries(VARIABLES)
      .filter(([, variable]) => 'localOnly' in variable)
      .map(([name]) => name);
    expect(ENVIRONMENT_VARIABLES.filter((name) => !workers.has(name)).sort()).toEqual(local.sort());
  });

  it('names the variable that does not fit and the form it takes, never its value', () => {
    const refusals: [Record<string, string>, string][] = [
      [{ PORT: '70000' }, 'PORT must be a port number from 0 to 65535'],
      [{ PORT: 'http' }, 'PORT must be a port number from 0 to 65535'],
      [{ ARENA_TRUST_PROXY: 'maybe' }, 'ARENA_TRUST_PROXY must be a yes or a no (1, true, yes, on or 0, false, no, off)'],
      [{ ARENA_CLUBHOUSE: 'closed' }, 'ARENA_CLUBHOUSE must be open or forming'],
      [{ ARENA_SIGNING_KEY: 'not-a-key-secret' }, 'ARENA_SIGNING_KEY must be 32 bytes in base64url (43 characters)'],
      [{ ARENA_SECRET: 'short-secret' }, 'ARENA_SECRET must be 32 bytes in base64url (43 characters)'],
      [{ ARENA_RETIRED_PUBLIC_KEYS: `${KEY},oops` }, 'ARENA_RETIRED_PUBLIC_KEYS must be comma-separated public keys, each 32 bytes in base64url (43 characters)'],
      [{ ARENA_OPERATOR_TOKEN: 'too-short-secret' }, 'ARENA_OPERATOR_TOKEN must be at least 32 characters'],
      [{ ARENA_PUBLIC_ORIGIN: 'ftp://arena.example' }, 'ARENA_PUBLIC_ORIGIN must be an http(s) origin, such as https://arena.example'],
      [{ DATABASE_URL: 'mysql://user:hunter2@db/arena' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
      [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 9999'],
      [{ ARENA_ARRIVAL_DAILY_CAP: '-1' }, 'ARENA_ARRIVAL_DAILY_CAP must be a whole number from 1 to 999999'],
      [{ ARENA_ARRIVAL_DAILY_CAP: '1000000' }, 'ARENA_ARRIVAL_DAILY_CAP must be a whole number from 1 to 999999'],
      [{ ARENA_ANONYMOUS_WRITES_PER_HOUR: 'lots' }, 'ARENA_ANONYMOUS_WRITES_PER_HOUR must be a whole number from 0 to 9999999 (0 turns the limit off)'],
      [{ ARENA_EVENTS_POLL_MS: '0' }, 'ARENA_EVENTS_POLL_MS must be a whole number of milliseconds from 1 to 9999999'],
      [{ ARENA_DATA_LICENCE: '   ' }, 'ARENA_DATA_LICENCE must name a licence in 1 to 300 characters'],
      // Workers' [vars] can hold numbers and JSON, which are not the strings every variable is.
      [{ ARENA_ARRIVAL_DAILY_CAP: 20 as unknown as string }, "ARENA_ARRIVAL_DAILY_CAP must be a string (quote it in wrangler.toml's [vars])"],
      [{ ARENA_SECRET: { key: 'hunter2' } as unknown as string }, "ARENA_SECRET must be a string (quote it in wrangler.toml's [vars])"],
    ];
    for (const [env, message] of refusals) {
      let thrown: unknown;
      try {
        readEnvironment(env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(env)).toBeInstanceOf(ConfigurationError);
      expect((thrown as Error).message).toBe(message);
    }
  });
});

describe('a start that cannot go on', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'arena-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Starts the runtime's server and returns how it ended (it must not be listening): its exit code and what it said. */
  const start = (runtime: keyof typeof COMMANDS, env: Record<string, string>) => {
    const [command, ...args] = COMMANDS[runtime];
    const ended = spawnSync(command!, args, {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ARENA_DATA_DIR: dataDir, PORT: '0', ARENA_PUBLIC_ORIGIN: 'https://arena.example', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const lines = `${ended.stdout}${ended.stderr}`.split('\n').filter((line) => line.trim() !== '');
    return { status: ended.status, lines };
  };

  /** The one line a start that cannot go on writes: a JSON failure event saying why, with no stack. */
  const expectOneLine = (lines: string[], why: string | RegExp) => {
    expect(lines, lines.join('\n')).toHaveLength(1);
    const event = JSON.parse(lines[0]!);
    expect(event).toEqual({ event: 'failure', level: 'error', time: expect.any(String), requestId: null, what: expect.any(String), error: null });
    if (typeof why === 'string') expect(event.what).toBe(`the arena could not start: ${why}`);
    else expect(event.what).toMatch(why);
    return event.what as string;
  };

  it.each(['node', 'bun', 'deno'] as const)('on %s: a variable that does not fit is one line and exit code 1, with nothing created', (runtime) => {
    const { status, lines } = start(runtime, { ARENA_CLUBHOUSE: 'maybe' });
    expectOneLine(lines, 'ARENA_CLUBHOUSE must be open or forming');
    expect(status).toBe(1);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it.each(['migrate', 'rotate-key'])('npm run %s: a variable that does not fit is one line and exit code 1, with nothing created', (command) => {
    const ended = spawnSync(process.execPath, ['scripts/run-built.mjs', command], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ARENA_DATA_DIR: dataDir, DATABASE_POOL_SIZE: 'many' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(`${ended.stdout}${ended.stderr}`).toBe('agent-arena: DATABASE_POOL_SIZE must be a whole number from 1 to 9999\n');
    expect(ended.status).toBe(1);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('on node: a database unreachable at start is one line naming it, and exit code 1', () => {
    const { status, lines } = start('node', { DATABASE_URL: 'postgres://arena:hunter2@127.0.0.1:1/arena' });
    const what = expectOneLine(lines, /^the arena could not start: the database cannot be reached at start \(.+\); check DATABASE_URL and that the database is up$/);
    expect(what).not.toContain('hunter2');
    expect(status).toBe(1);
  });

  // Issue 29, item 7: these printed the runtime's stack trace.
  describe.each(['node', 'bun', 'deno'] as const)('on %s', (runtime) => {
    it('a port already in use is one line naming it, and exit code 1', async () => {
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as AddressInfo;
      try {
        const { status, lines } = start(runtime, { HOST: '127.0.0.1', PORT: String(port) });
        expectOneLine(lines, `cannot listen on 127.0.0.1:${port} (the port is in use); set PORT and HOST to a port and an address this machine can listen on`);
        expect(status).toBe(1);
      } finally {
        taken.close();
      }
    });

    it('a host that does not resolve is one line naming it, and exit code 1', () => {
      const { status, lines } = start(runtime, { HOST: 'no-such-host.invalid' });
      expectOneLine(lines, 'cannot listen on no-such-host.invalid:0 (the host name does not resolve); set PORT and HOST to a port and an address this machine can listen on');
      expect(status).toBe(1);
    });
  });
});
