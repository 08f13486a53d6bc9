/**
 * Every environment variable the arena reads, in one list: what it sets, what applies while it
 * is unset, the form it takes (its bounds included, as the refusal of a value states them) and
 * the valibot schema that reads it. `./read.ts` validates the environment with it, the settings
 * are built from what that returns, and help and docs list it.
 */
import * as v from 'valibot';
import { decodeBase64Url } from '../../core/crypto/base64url.ts';
import { BASE_PATH_FORM, isBasePath } from '../../core/http/base-path.ts';

/** What Node, Bun and Deno (and, for the log level, Workers) use where the variable is unset; the arena's own defaults are `createArena`'s. */
export const DEFAULTS = { PORT: 8787, HOST: '0.0.0.0', ARENA_DATA_DIR: './data', DATABASE_POOL_SIZE: 10, ARENA_LOG_LEVEL: 'info' } as const;

export interface Variable {
  /** What it sets, in a sentence or two. */
  meaning: string;
  /** What applies while it is unset, as an operator reads it. */
  default: string;
  /** The form it takes, bounds included: the words after the variable's name when a value is refused. Unset: any text. */
  rule?: string;
  /** Read by Node, Bun and Deno only: a Worker has no port, data folder or PostgreSQL pool. */
  localOnly?: true;
  /** Reads the value (never empty: an empty variable counts as unset). */
  schema: v.GenericSchema<string, unknown>;
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

const isKey = (text: string) => decodeBase64Url(text)?.length === 32;
const KEY = '32 bytes in base64url (43 characters)';
const key = {
  rule: `must be ${KEY}`,
  schema: v.pipe(
    v.string(),
    v.trim(),
    v.check(isKey, `must be ${KEY}`),
    v.transform((text) => decodeBase64Url(text)!),
  ),
};

/** A whole number from `min` to `max`; refused with a message stating both. */
function whole(min: number, max: number, what = 'a whole number', note = '') {
  const rule = `must be ${what} from ${min} to ${max}${note}`;
  return { rule, schema: v.pipe(v.string(), v.trim(), v.regex(/^\d{1,15}$/, rule), v.transform(Number), v.minValue(min, rule), v.maxValue(max, rule)) };
}

/** One of `choices`, named in the message that refuses anything else. */
function oneOf<const Choice extends string>(choices: readonly [Choice, ...Choice[]]) {
  const rule = `must be ${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
  return { rule, schema: v.picklist(choices, rule) };
}

const anyText = { schema: v.string() };
const isHttpOrigin = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
const origin = 'must be an http(s) origin, such as https://arena.example';
const postgresUrl = 'must be a postgres:// or postgresql:// URL';
const retiredKeys = `must be comma-separated public keys, each ${KEY}`;
const operatorToken = 'must be at least 32 characters';
const licence = 'must name a licence in 1 to 300 characters';
const yesOrNo = `must be a yes or a no (${TRUE.join(', ')} or ${FALSE.join(', ')})`;

export const VARIABLES = {
  PORT: {
    ...whole(0, 65_535, 'a port number'),
    default: String(DEFAULTS.PORT),
    localOnly: true,
    meaning: 'The port Node, Bun and Deno listen on (0: any free port).',
  },
  HOST: { ...anyText, default: DEFAULTS.HOST, localOnly: true, meaning: 'The interface to listen on.' },
  ARENA_DATA_DIR: {
    ...anyText,
    default: DEFAULTS.ARENA_DATA_DIR,
    localOnly: true,
    meaning: 'Where the embedded default keeps its keys (keys.json) and its SQLite database (arena.db): a folder it creates is 0700, those files 0600.',
  },
  DATABASE_URL: {
    rule: postgresUrl,
    schema: v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, postgresUrl)),
    default: 'unset: SQLite in ARENA_DATA_DIR',
    localOnly: true,
    meaning: 'Keep records in PostgreSQL (14 or later) instead, so several instances serve one league.',
  },
  DATABASE_POOL_SIZE: {
    ...whole(1, 9_999),
    default: String(DEFAULTS.DATABASE_POOL_SIZE),
    localOnly: true,
    meaning: "Connections per instance to PostgreSQL; once an event stream opens, one of them listens for other instances' events (none with a pool of 1).",
  },
  ARENA_SIGNING_KEY: {
    ...key,
    default: 'the key file (required on Workers)',
    meaning: 'The Ed25519 seed that signs tokens and receipts; overrides the key file.',
  },
  ARENA_SECRET: {
    ...key,
    default: 'the key file, else derived from ARENA_SIGNING_KEY',
    meaning: 'The server secret daily boards, circuits and keys derive from; set it before you ever rotate the signing key.',
  },
  ARENA_RETIRED_PUBLIC_KEYS: {
    rule: retiredKeys,
    schema: v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      ),
      v.check((keys) => keys.every(isKey), retiredKeys),
      v.transform((keys) => keys.map((text) => decodeBase64Url(text)!)),
    ),
    default: 'none',
    meaning: 'Public keys of retired signing keys, kept in the JWKS so the receipts they signed still verify.',
  },
  ARENA_PUBLIC_ORIGIN: {
    rule: origin,
    schema: v.pipe(v.string(), v.trim(), v.check(isHttpOrigin, origin)),
    default: "unset: each request's Host (with a warning at start)",
    meaning: "The public origin absolute links and receipts' jwks URL use.",
  },
  ARENA_BASE_PATH: {
    rule: `must be ${BASE_PATH_FORM}`,
    schema: v.pipe(v.string(), v.trim(), v.check(isBasePath, `must be ${BASE_PATH_FORM}`)),
    default: 'unset: the root',
    meaning: 'The path the arena is served under, such as /arena: every route and every link under it, anything else 404.',
  },
  ARENA_OPERATOR_TOKEN: {
    rule: operatorToken,
    schema: v.pipe(v.string(), v.minLength(32, operatorToken)),
    default: 'unset: operator actions and /metrics answer 503',
    meaning: "The operator's bearer token, for operator actions (Rules Desk status moves) and /metrics.",
  },
  ARENA_CLUBHOUSE: { ...oneOf(['open', 'forming']), default: 'open', meaning: 'forming closes Clubhouse joins and posts (503, nothing kept).' },
  ARENA_ARRIVAL_DAILY_CAP: { ...whole(1, 999_999), default: '20', meaning: 'Arrival check-ins kept per client and UTC day.' },
  ARENA_ANONYMOUS_WRITES_PER_HOUR: {
    ...whole(0, 9_999_999, 'a whole number', ' (0 turns the limit off)'),
    default: '30',
    meaning: 'League joins, capability redemptions and check-ins one client may make per UTC hour (429 past it).',
  },
  ARENA_DATA_LICENCE: {
    rule: licence,
    schema: v.pipe(v.string(), v.trim(), v.minLength(1, licence), v.maxLength(300, licence)),
    default: 'unset: no licence stated',
    meaning: "The licence the public records' exports are offered under, in your words (such as CC0-1.0).",
  },
  ARENA_EVENTS_POLL_MS: {
    ...whole(1, 9_999_999, 'a whole number of milliseconds'),
    default: '1000',
    meaning: 'How often an open event stream looks for events other instances wrote.',
  },
  ARENA_EVENTS_HEARTBEAT_MS: {
    ...whole(1, 9_999_999, 'a whole number of milliseconds'),
    default: '15000',
    meaning: 'The longest an event stream stays silent before it sends a heartbeat.',
  },
  ARENA_EVENTS_PER_CLIENT: { ...whole(1, 99_999), default: '4', meaning: 'Event streams one client may hold open at once on an instance (429 past it).' },
  ARENA_EVENTS_MAX: { ...whole(1, 9_999_999), default: '3000', meaning: 'Event streams an instance holds open at once, whoever the clients (503 past it).' },
  ARENA_EXPORTS_PER_CLIENT: { ...whole(1, 99_999), default: '4', meaning: 'Exports one client may have under way at once on an instance (429 past it).' },
  ARENA_LOG_LEVEL: {
    ...oneOf(['info', 'warn', 'error', 'silent']),
    default: DEFAULTS.ARENA_LOG_LEVEL,
    meaning: 'info logs one JSON line per request and per failure; warn drops request lines, error also outages, silent everything.',
  },
  ARENA_TRUST_PROXY: {
    rule: yesOrNo,
    schema: v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist([...TRUE, ...FALSE], yesOrNo),
      v.transform((flag) => TRUE.includes(flag)),
    ),
    default: 'no',
    localOnly: true,
    meaning: 'Take the client address from the last X-Forwarded-For hop, the one your proxy appends (behind your own proxy only).',
  },
} as const satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;
