/**
 * The environment, validated once against the list of variables (./variables.ts). A value that
 * does not fit stops the start with one line naming the variable and the form it takes, its
 * bounds included (never the value: several are secrets). An empty variable counts as unset.
 */
import * as v from 'valibot';
import { VARIABLES, type VariableName } from './variables.ts';

/** Environment variables as every adapter sees them. */
export type Environment = Record<string, string | undefined>;

/** A variable that does not fit its form: its message is the whole line an operator needs. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

type Entries = { [Name in VariableName]: v.OptionalSchema<(typeof VARIABLES)[Name]['schema'], undefined> };
const EnvironmentSchema = v.object(Object.fromEntries(Object.entries(VARIABLES).map(([name, { schema }]) => [name, v.optional(schema)])) as Entries);

/** Every variable the arena reads. */
export const ENVIRONMENT_VARIABLES = Object.keys(VARIABLES) as VariableName[];

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

/** For the operator's commands (migrate, rotate-key): the environment, or one line naming what does not fit, then exit code 1. */
export function readEnvironmentOrExit(env: Environment, exit: (code: number) => never): Configuration {
  try {
    return readEnvironment(env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(`agent-arena: ${error.message}`);
    return exit(1);
  }
}
