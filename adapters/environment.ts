/**
 * Every environment variable the arena reads, validated once with valibot. A value that does not
 * fit stops the start with one line naming the variable and the form it takes, its bounds
 * included (never the value: several are secrets). An empty variable counts as unset.
 */
import * as v from 'valibot';
import { BASE_PATH_FORM, decodeBase64Url, isBasePath } from '../core/index.ts';

/** Environment variables as every adapter sees them. */
export type Environment = Record<string, string | undefined>;

/** A variable that does not fit its form: its message is the whole line an operator needs. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

const isKey = (text: string) => decodeBase64Url(text)?.length === 32;
const KEY = 'must be 32 bytes in base64url (43 characters)';
const key = v.pipe(v.string(), v.trim(), v.check(isKey, KEY), v.transform((text) => decodeBase64Url(text)!));
/** A whole number from `min` to `max`; refused with a message stating both. */
const whole = (min: number, max: number, what = 'a whole number', note = '') => {
  const expected = `must be ${what} from ${min} to ${max}${note}`;
  return v.pipe(v.string(), v.trim(), v.regex(/^\d{1,15}$/, expected), v.transform(Number), v.minValue(min, expected), v.maxValue(max, expected));
};
const LICENCE = 'must name a licence in 1 to 300 characters';
const isHttpOrigin = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

const EnvironmentSchema = v.object({
  PORT: v.optional(whole(0, 65_535, 'a port number')),
  HOST: v.optional(v.string()),
  ARENA_DATA_DIR: v.optional(v.string()),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'))),
  DATABASE_POOL_SIZE: v.optional(whole(1, 9_999)),
  ARENA_SIGNING_KEY: v.optional(key),
  ARENA_SECRET: v.optional(key),
  ARENA_RETIRED_PUBLIC_KEYS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) => list.split(',').map((item) => item.trim()).filter((item) => item !== '')),
      v.check((keys) => keys.every(isKey), `must be comma-separated public keys, each ${KEY.slice('must be '.length)}`),
      v.transform((keys) => keys.map((text) => decodeBase64Url(text)!)),
    ),
  ),
  ARENA_PUBLIC_ORIGIN: v.optional(v.pipe(v.string(), v.trim(), v.check(isHttpOrigin, 'must be an http(s) origin, such as https://arena.example'))),
  ARENA_BASE_PATH: v.optional(v.pipe(v.string(), v.trim(), v.check(isBasePath, `must be ${BASE_PATH_FORM}`))),
  ARENA_OPERATOR_TOKEN: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ARENA_CLUBHOUSE: v.optional(v.picklist(['open', 'forming'], 'must be open or forming')),
  ARENA_ARRIVAL_DAILY_CAP: v.optional(whole(1, 999_999)),
  ARENA_ANONYMOUS_WRITES_PER_HOUR: v.optional(whole(0, 9_999_999, 'a whole number', ' (0 turns the limit off)')),
  ARENA_DATA_LICENCE: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, LICENCE), v.maxLength(300, LICENCE))),
  ARENA_EVENTS_POLL_MS: v.optional(whole(1, 9_999_999, 'a whole number of milliseconds')),
  ARENA_EVENTS_HEARTBEAT_MS: v.optional(whole(1, 9_999_999, 'a whole number of milliseconds')),
  ARENA_EVENTS_PER_CLIENT: v.optional(whole(1, 99_999)),
  ARENA_EVENTS_MAX: v.optional(whole(1, 9_999_999)),
  ARENA_LOG_LEVEL: v.optional(v.picklist(['info', 'warn', 'error', 'silent'], 'must be info, warn, error or silent')),
  ARENA_TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist([...TRUE, ...FALSE], `must be a yes or a no (${TRUE.join(', ')} or ${FALSE.join(', ')})`),
      v.transform((flag) => TRUE.includes(flag)),
    ),
  ),
});

/** Every variable the arena reads. */
export const ENVIRONMENT_VARIABLES = Object.keys(EnvironmentSchema.entries);

/** What the environment says, each value in its own type; unset variables are absent. */
export type Configuration = v.InferOutput<typeof EnvironmentSchema>;

/** The environment, validated: a `ConfigurationError` naming the first variable that does not fit. */
export function readEnvironment(env: Environment): Configuration {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = v.safeParse(EnvironmentSchema, given);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const name = String(issue.path?.[0]?.key ?? 'the environment');
  // Workers' [vars] may be numbers or JSON, and valibot's own message for those quotes the value.
  const message = issue.kind === 'schema' && issue.type === 'string' ? "must be a string (quote it in wrangler.toml's [vars])" : issue.message;
  throw new ConfigurationError(`${name} ${message}`);
}
