import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { arenaLogFor } from '../adapters/arena-log.ts';
import { ENVIRONMENT_VARIABLES, readEnvironment } from '../adapters/configuration/read.ts';
import { LINGER_BYTES, LINGER_MS } from '../adapters/lingering-close.ts';
import { IDLE_GRACE_MS } from '../adapters/graceful-shutdown.ts';
import { localDialect } from '../adapters/local/open-store.ts';
import { loadLocalSettings, localStoreOf } from '../adapters/configuration/local-settings.ts';
import { runtimeSqlite } from '../adapters/storage/sqlite-file.ts';
import { CAPABILITY_TTL_SECONDS } from '../core/agents/capability.ts';
import { MAX_KEY_GENERATION } from '../core/agents/keys.ts';
import { HANDLE_PATTERN, REGISTRATION_NONCE_PATTERN } from '../core/agents/schema.ts';
import { INTERFACE_VERSION } from '../core/discovery/openapi/document.ts';
import { FOLLOWER_BUFFER } from '../core/events/stream.ts';
import { EVENT_PAGE } from '../core/events/tail.ts';
import { EXPORT_FORMAT } from '../core/exports/dataset.ts';
import { EXPORT_PAGE } from '../core/exports/routes.ts';
import { MAX_ACTIONS } from '../core/games/packet-run/actions.ts';
import { MAX_ACTION_STRING_LENGTH, MAX_QUERY_ACTION_LENGTH } from '../core/games/packet-run/parse.ts';
import { BENCHMARKS, SCORING } from '../core/games/packet-run/rules.ts';
import { TRIAL_TTL_SECONDS } from '../core/games/packet-run/trial.ts';
import { FORGE_LIMITS, MAX_DEFINITION_BYTES } from '../core/games/state-forge/definition.ts';
import { HANDSHAKE_TTL_SECONDS } from '../core/games/triad-duel/flow.ts';
import { EACH_MOVE, MOVE_COUNT } from '../core/games/triad-duel/moves.ts';
import { KEEP_FOR_MS, KEY_PATTERN, STALE_AFTER_MS } from '../core/http/idempotency.ts';
import { MAX_BODY_BYTES } from '../core/http/json-body.ts';
import { MAX_JSON_DEPTH } from '../core/http/json-depth.ts';
import { storageUnavailable } from '../core/index.ts';
import { MAXIMUM_ATTEMPTS_PER_AGENT } from '../core/league/attempts.ts';
import { createArenaMetrics } from '../core/metrics/arena-metrics.ts';
import { LARGE_ANSWER_CHARACTERS } from '../core/remote/call-operation.ts';
import { CURRENT_MCP_VERSION, LEGACY_MCP_VERSION } from '../core/remote/mcp/versions.ts';
import { REVIEWS_LISTED } from '../core/rules/present.ts';
import { ARENA } from '../core/status/identity.ts';
import { MIGRATION_COUNT } from './support/migration-count.ts';
import { testArenaContext } from './support/arena-context.ts';
import { docFiles, docText, REPOSITORY } from './support/readme.ts';

/**
 * The figures the docs state about the code, compared with the code: the configuration table
 * of docs/running.md with the module that reads the environment (every variable, its bounds,
 * its default), and each limit, lifetime, count and version a page states with the constant
 * the code uses. A figure changed in the code and not in the docs fails here.
 */

/** The pool options the PostgreSQL store was opened with, as `pg` would receive them. */
const pools = vi.hoisted(() => [] as { max?: number }[]);
vi.mock('pg', () => ({
  default: {
    Pool: class {
      constructor(options: { max?: number }) {
        pools.push(options);
      }
    },
  },
}));

/** docs/running.md's configuration table: variable → its default, bounds and meaning cells. */
function configurationTable(): Map<string, { default: string; bounds: string }> {
  const page = docText('docs/running.md');
  const section = page.slice(page.indexOf('## Configuration'), page.indexOf('\n## ', page.indexOf('## Configuration') + 1));
  const rows = [...section.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \| ([^|]+) \|/gm)];
  return new Map(rows.map(([, name, defaultCell, bounds]) => [name!, { default: defaultCell!.trim(), bounds: bounds!.trim() }]));
}

const taken = (env: Record<string, string>) => {
  try {
    readEnvironment(env);
    return true;
  } catch {
    return false;
  }
};
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
const KEY = 'A'.repeat(43);

/**
 * What a bounds cell says, checked against the reader of the environment: the values at each
 * bound are taken and those past them refused. A cell in a form this does not know fails.
 */
function checkBounds(name: string, cell: string): void {
  const accepts = (value: string) => expect(taken({ [name]: value }), `${name}=${value} (${cell})`).toBe(true);
  const refuses = (value: string) => expect(taken({ [name]: value }), `${name}=${value} (${cell})`).toBe(false);
  const range = /^(\d+) to (\d+)( characters)?$/.exec(cell);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    if (range[3]) {
      accepts('L'.repeat(min));
      accepts('L'.repeat(max));
      refuses('L'.repeat(max + 1));
      if (min > 0) refuses(' '.repeat(min));
    } else {
      accepts(String(min));
      accepts(String(max));
      refuses(String(max + 1));
      if (min > 0) refuses(String(min - 1));
    }
  } else if (/^(\d+)\+ characters$/.test(cell)) {
    const least = Number(/^\d+/.exec(cell)![0]);
    accepts('t'.repeat(least));
    refuses('t'.repeat(least - 1));
  } else if (cell === 'any') {
    accepts('anything at all');
  } else if (cell === '32 bytes in base64url') {
    accepts(KEY);
    refuses(KEY.slice(1));
  } else if (cell === 'comma-separated, each 32 bytes in base64url') {
    accepts(`${KEY},${KEY}`);
    refuses(`${KEY},${KEY.slice(1)}`);
  } else if (cell === 'an `http(s)` origin') {
    accepts('https://arena.example');
    accepts('http://localhost:8787');
    refuses('ftp://arena.example');
  } else if (cell === 'a path such as `/arena`') {
    for (const value of ['/arena', '/apps/arena-1', '/a.b~c_d']) accepts(value);
    for (const value of ['arena', '/arena/', '/apps/../arena', '/arena?x=1', '/a:b']) refuses(value);
  } else if (cell.endsWith('://`')) {
    for (const scheme of ticked(cell)) accepts(`${scheme}arena@db/arena`);
    refuses('mysql://arena@db/arena');
  } else if (ticked(cell).length > 1) {
    for (const value of ticked(cell)) accepts(value);
    refuses('something-else');
  } else {
    throw new Error(`${name}: the bounds "${cell}" are in no form the test knows`);
  }
}

describe('docs/running.md, Configuration', () => {
  const folder = mkdtemp(join(tmpdir(), 'arena-defaults-'));
  afterAll(async () => rm(await folder, { recursive: true, force: true }));

  it('lists every variable the arena reads, and no other', () => {
    expect([...configurationTable().keys()].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });

  it("states each variable's bounds as the reader of the environment holds them", () => {
    for (const [name, { bounds }] of configurationTable()) checkBounds(name, bounds);
  });

  it("states each variable's default as the code takes it", async () => {
    // The arena's own defaults, as createArena resolves them.
    const { settings } = await testArenaContext();
    // The local server's, as Node, Bun and Deno read their environment: from an empty folder, so
    // the default data folder is made there.
    const cwd = process.cwd();
    process.chdir(await folder);
    let local: Awaited<ReturnType<typeof loadLocalSettings>>;
    try {
      local = await loadLocalSettings({ ARENA_SIGNING_KEY: KEY, ARENA_SECRET: KEY }, runtimeSqlite(), () => undefined);
      await local.arena.store.close();
      expect(existsSync('data/arena.db')).toBe(true);
    } finally {
      process.chdir(cwd);
    }
    // PostgreSQL's pool, as `pg` is given it.
    await localDialect(localStoreOf(readEnvironment({ DATABASE_URL: 'postgres://arena@127.0.0.1:1/arena', ARENA_DATA_DIR: await folder })), runtimeSqlite());
    const code: Record<string, string> = {
      PORT: String(local.port),
      HOST: local.hostname,
      ARENA_DATA_DIR: local.dataDir,
      DATABASE_POOL_SIZE: String(pools[0]?.max),
      ARENA_CLUBHOUSE: settings.clubhouse,
      ARENA_ARRIVAL_DAILY_CAP: String(settings.arrivalDailyCap),
      ARENA_ANONYMOUS_WRITES_PER_HOUR: String(settings.anonymousWritesPerHour),
      ARENA_EVENTS_POLL_MS: String(settings.events.pollMs),
      ARENA_EVENTS_HEARTBEAT_MS: String(settings.events.heartbeatMs),
      ARENA_EVENTS_PER_CLIENT: String(settings.events.streamsPerClient),
      ARENA_EVENTS_MAX: String(settings.events.maxStreams),
      ARENA_EXPORTS_PER_CLIENT: String(settings.exportsPerClient),
      ARENA_LOG_LEVEL:
        arenaLogFor(
          {},
          () => undefined,
          () => undefined,
        ).level ?? '',
      ARENA_TRUST_PROXY: String(local.trustProxy),
    };
    // A variable without a default of its own says what stands in for it.
    const WITHOUT_DEFAULT = ['unset', 'none', 'the key file', 'the key file, else derived'];
    for (const [name, { default: stated }] of configurationTable()) {
      if (name in code && name !== 'ARENA_TRUST_PROXY') expect(stated, name).toBe(`\`${code[name]}\``);
      else expect(WITHOUT_DEFAULT, `${name}: "${stated}"`).toContain(stated);
    }
    // Unset, the proxy's header is not trusted.
    expect(code.ARENA_TRUST_PROXY).toBe('false');
  });
});

/** A duration as the docs word it. */
const inWords = (ms: number) => ({ 500: 'half a second', 1000: 'a second', 60000: 'a minute' })[ms] ?? `${ms} ms`;
const NUMBER_WORDS = ['none', 'one', 'two', 'three', 'four', 'five', 'six'];

/**
 * Each page's figures: a phrase made from the code's own value, which the page must contain
 * (line breaks count as spaces). Where the code's value changes, the phrase does, and the page
 * no longer has it.
 */
const FIGURES: Record<string, string[]> = {
  'docs/running.md': [
    `| A request body | ${MAX_BODY_BYTES} bytes |`,
    `| Nesting of a JSON body | ${MAX_JSON_DEPTH} levels of arrays and objects |`,
    `| \`Idempotency-Key\` | 1 to 255 visible ASCII characters; kept ${KEEP_FOR_MS / 3_600_000} hours, as a digest |`,
    `| League attempts | ${MAXIMUM_ATTEMPTS_PER_AGENT} per agent and UTC day | 409 |`,
    `{"status":"ready","migrations":${MIGRATION_COUNT}} once the database is reachable and migrated`,
    `\`200 {"status":"ready","migrations":${MIGRATION_COUNT}}\``,
    `kept open for ${inWords(IDLE_GRACE_MS)} first`,
  ],
  'docs/protocol/http.md': [
    `A request body may be at most ${MAX_BODY_BYTES} bytes`,
    `closes once ${LINGER_BYTES / 2 ** 20} MiB more has come`,
    `${inWords(LINGER_MS)} after the 413`,
    `at most **${MAX_JSON_DEPTH}** levels deep`,
    `JSON bodies may nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep`,
    `with \`Retry-After: ${storageUnavailable('').extra.headers?.['retry-after']}\``,
  ],
  'docs/protocol/idempotency.md': [`Records are kept ${KEEP_FOR_MS / 3_600_000} hours from the response`, `in flight for over ${inWords(STALE_AFTER_MS)}`],
  'docs/protocol/evidence.md': [
    `Trial tokens ${TRIAL_TTL_SECONDS / 60} minutes; invites and responses ${HANDSHAKE_TTL_SECONDS / 3600} hours`,
    `registration capabilities ${CAPABILITY_TTL_SECONDS / 86_400} days`,
  ],
  'docs/protocol/packet-run.md': [
    `at most ${MAX_ACTION_STRING_LENGTH} characters`,
    `**Array form:** 1 to ${MAX_ACTIONS} items`,
    `0 actions or more than ${MAX_ACTIONS}: 400`,
    `\`actions\` in the string form, at most ${MAX_QUERY_ACTION_LENGTH} characters`,
    `| Exit | +${SCORING.exit} once. |`,
    `+${SCORING.efficiencyPerUnusedAction} per unused action of the ${MAX_ACTIONS}-action budget`,
    `| Hazard | −${-SCORING.hazard} every time`,
    `| Collision | −${-SCORING.collision} for every move`,
    `(${[...BENCHMARKS]
      .reverse()
      .map(({ id, minimum }) => `${id} ${minimum}`)
      .join(', ')})`,
    `\`expiresAt\`, ${TRIAL_TTL_SECONDS / 60} minutes after issue`,
  ],
  'docs/protocol/triad-duel.md': [`A sequence is ${MOVE_COUNT} moves of \`R\`, \`P\`, \`S\` in either case, exactly ${NUMBER_WORDS[EACH_MOVE]} of each`],
  'docs/protocol/state-forge.md': [
    `\`states\` (${FORGE_LIMITS.minStates} to ${FORGE_LIMITS.maxStates} objects`,
    `(${FORGE_LIMITS.minActions} to ${FORGE_LIMITS.maxActions} objects \`{ id, label }\`)`,
    `\`maxSteps\` (${FORGE_LIMITS.minMaxSteps} to ${FORGE_LIMITS.maxMaxSteps})`,
    `Labels are at most ${FORGE_LIMITS.maxLabelLength} characters, the title ${FORGE_LIMITS.maxTitleLength}, the description ${FORGE_LIMITS.maxDescriptionLength}`,
    `integers from −${-FORGE_LIMITS.minValue} to ${FORGE_LIMITS.maxValue}`,
    `at most **${MAX_DEFINITION_BYTES} bytes**`,
    `fits in one ${MAX_BODY_BYTES}-byte request`,
  ],
  'docs/protocol/league.md': [
    `limit of **${MAXIMUM_ATTEMPTS_PER_AGENT} per agent per UTC day**`,
    `| \`registrationNonce\` | ${REGISTRATION_NONCE_PATTERN.source
      .match(/\{(\d+),(\d+)\}/)!
      .slice(1)
      .join(' to ')} base64url characters`,
    `unique, ${HANDLE_PATTERN.source
      .match(/\{(\d+),(\d+)\}/)!
      .slice(1)
      .map((count) => Number(count) + 1)
      .join(' to ')} of \`a-z 0-9 _ -\``,
  ],
  'docs/protocol/keys.md': [`A key may be rotated ${MAX_KEY_GENERATION} times`, `while the capability is valid (${CAPABILITY_TTL_SECONDS / 86_400} days`],
  'docs/protocol/rules-desk.md': [`the newest ${REVIEWS_LISTED} at most`],
  'docs/protocol/exports.md': [`a page (${EXPORT_PAGE} records) at a time`, `(\`${EXPORT_FORMAT}\`;`],
  'docs/protocol/events.md': [`a page (${EVENT_PAGE} events) at a time`, `at most ${FOLLOWER_BUFFER} events waiting`],
  'docs/protocol/mcp.md': [
    `An answer of at most ${LARGE_ANSWER_CHARACTERS} characters of JSON`,
    `Bodies are held to ${MAX_BODY_BYTES} bytes`,
    `**${CURRENT_MCP_VERSION}** (current)`,
    `**${LEGACY_MCP_VERSION}** (legacy)`,
  ],
  'docs/protocol/a2a.md': [`a body over ${MAX_BODY_BYTES} bytes`],
  'docs/protocol/discovery.md': [`\`protocol\` (\`${ARENA.protocol}\`)`, `${INTERFACE_VERSION} in the spec's versioning table`],
};

describe('the figures each page states', () => {
  it.each(Object.entries(FIGURES))('%s states the code’s figures', (file, phrases) => {
    const text = docText(file).replace(/\s+/g, ' ');
    for (const phrase of phrases) expect(text.includes(phrase), `${file} should say: ${phrase}`).toBe(true);
  });

  it('names only migrations that exist, and counts them as storage/migrations does', () => {
    const migrations = readdirSync(join(REPOSITORY, 'storage/migrations')).filter((name) => /^\d{4}-.*\.ts$/.test(name) && !name.includes('.test.'));
    expect(migrations).toHaveLength(MIGRATION_COUNT);
    for (const file of docFiles()) {
      for (const [, number] of docText(file).matchAll(/migrations? (\d{4})\b/g))
        expect(
          migrations.some((name) => name.startsWith(`${number}-`)),
          `${file}: migration ${number}`,
        ).toBe(true);
      for (const [, count] of docText(file).matchAll(/"migrations":(\d+)/g)) expect(Number(count), `${file}: /readyz's count`).toBe(MIGRATION_COUNT);
    }
  });

  it('holds the Idempotency-Key to the length the docs give it', () => {
    expect(KEY_PATTERN.test('k'.repeat(255))).toBe(true);
    expect(KEY_PATTERN.test('k'.repeat(256))).toBe(false);
    for (const file of ['docs/running.md', 'docs/protocol/idempotency.md', 'docs/protocol/mcp.md']) expect(docText(file), file).toContain('1 to 255 visible ASCII characters');
  });

  it('lists in docs/running.md every metric /metrics gives, and no other', () => {
    const page = docText('docs/running.md');
    const table = page.slice(page.indexOf('| Metric |'), page.indexOf('\n\n', page.indexOf('| Metric |')));
    const listed = [...table.matchAll(/^\| `(arena_[a-z_]+)` \| ([a-z]+)/gm)].map(([, name, type]) => `${name} ${type}`);
    const given = [
      ...createArenaMetrics('node', 0)
        .exposition()
        .matchAll(/^# TYPE (\S+) (\S+)$/gm),
    ].map(([, name, type]) => `${name} ${type}`);
    expect(listed.sort()).toEqual(given.sort());
  });
});
