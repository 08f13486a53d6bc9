import { join, resolve } from 'node:path';
import { UsageError } from './command.ts';
import { commandVariable, DEFAULT_ARENA } from './environment.ts';
import { configFolder, keyFileFor, readPrivately, writePrivately } from './key-file.ts';

/** The arena a command calls, and the key file it keeps there. */
export interface ArenaChoice {
  origin: string;
  keyFile: string;
}

/** What `agent-arena join` remembers: the arena it joined and where it kept the key. */
const LAST_JOINED = 'last-joined';

/**
 * `--arena`, else `ARENA_URL`, else the arena last joined (with the key file its join kept,
 * `--key-file` included), else `npm start`'s address. A named arena's key file is its own under
 * the configuration folder.
 */
export async function chooseArena(given: string | undefined): Promise<ArenaChoice> {
  const named = given ?? commandVariable('ARENA_URL');
  if (named !== undefined) return withOwnKeyFile(originOf(named));
  return (await lastJoined()) ?? withOwnKeyFile(DEFAULT_ARENA);
}

const withOwnKeyFile = (origin: string): ArenaChoice => ({ origin, keyFile: keyFileFor(origin) });

/** Remembers the arena just joined, readable by its owner only, for the commands that follow. */
export async function rememberJoined({ origin, keyFile }: ArenaChoice): Promise<void> {
  await writePrivately(lastJoinedFile(), `${JSON.stringify({ origin, keyFile: resolve(keyFile) }, null, 2)}\n`, false);
}

async function lastJoined(): Promise<ArenaChoice | undefined> {
  const path = lastJoinedFile();
  const text = await readPrivately(path);
  if (text === undefined) return undefined;
  let kept: Partial<ArenaChoice> | undefined;
  try {
    kept = JSON.parse(text) as Partial<ArenaChoice>;
  } catch {
    kept = undefined;
  }
  if (typeof kept?.origin !== 'string' || typeof kept.keyFile !== 'string') throw new UsageError(`${path} is not a file arena wrote: remove it, or name the arena with --arena`);
  return { origin: kept.origin, keyFile: kept.keyFile };
}

// Key files are named `<host>.json`: a name without `.json` is never one of them.
const lastJoinedFile = () => join(configFolder(), LAST_JOINED);

/** The arena's URL as given, its trailing slashes gone; anything but an http(s) URL is a usage error. */
function originOf(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  if (!URL.canParse(trimmed) || !/^https?:$/.test(new URL(trimmed).protocol))
    throw new UsageError(`${url} is not an http(s) URL: give the arena's address, such as ${DEFAULT_ARENA}`);
  return trimmed;
}
