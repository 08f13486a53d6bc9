/** Where the command calls when nothing names an arena and none was joined: `npm start`'s address. */
export const DEFAULT_ARENA = 'http://localhost:8787';

/**
 * Every environment variable the command reads, with what it sets and what applies while it is
 * unset: `agent-arena --help` lists them. An empty variable counts as unset.
 */
export const COMMAND_VARIABLES = {
  ARENA_URL: {
    meaning: 'the arena the commands call, unless --arena names one',
    default: `the arena last joined, else ${DEFAULT_ARENA}`,
  },
  XDG_CONFIG_HOME: {
    meaning: 'where agent-arena/ keeps a key file per arena (mode 0600) and which arena was joined last',
    default: '~/.config',
  },
} as const;

/** The variable's value, or undefined where it is unset or empty. */
export function commandVariable(name: keyof typeof COMMAND_VARIABLES): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}
