/** How a command writes: readable lines for people, or one JSON document (`--json`) for scripts. */
export interface Output {
  json: boolean;
  write(text: string): void;
}

/** One command of `agent-arena`: it resolves to the process's exit code. */
export interface Command {
  summary: string;
  usage: string;
  /** Its own options taking a value (`--jwks <file|url>`), beside `--json` and `--help`. */
  options?: readonly string[];
  /** Its own options that take no value (`--trial`): `'true'` in `options` when given. */
  flags?: readonly string[];
  run(args: readonly string[], output: Output, options: Readonly<Record<string, string | undefined>>): Promise<number>;
}

/** Arguments the command cannot use: exit code 2 with the usage. */
export class UsageError extends Error {}
