import { link, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from './command.ts';
import { commandVariable } from './environment.ts';

/**
 * What `agent-arena join` keeps, `agent-arena submit` reads and `agent-arena key` replaces: the key is the agent's
 * credential, the nonce re-derives it (joining again with it returns the current key) and may
 * rotate it. The nonce is kept before the join is sent, so a join whose answer was lost can be
 * sent again with it; a revoked key leaves the nonce alone in the file.
 */
export interface KeptKey {
  origin: string;
  registrationNonce: string;
  apiKey?: string;
  agent?: { id: string; handle: string };
}

/** The user's configuration folder for the command (`$XDG_CONFIG_HOME/agent-arena`, else `~/.config/agent-arena`). */
export function configFolder(): string {
  return join(commandVariable('XDG_CONFIG_HOME') ?? join(homedir(), '.config'), 'agent-arena');
}

/** The arena's own key file under the configuration folder, named for its host. */
export function keyFileFor(origin: string): string {
  return join(configFolder(), `${new URL(origin).host.replace(/[^A-Za-z0-9.-]/g, '_')}.json`);
}

/** The key file's record, if there is one. */
export async function keptAt(path: string): Promise<KeptKey | undefined> {
  const text = await readPrivately(path);
  if (text === undefined) return undefined;
  let kept: Partial<KeptKey>;
  try {
    kept = JSON.parse(text) as Partial<KeptKey>;
  } catch {
    throw new UsageError(`${path} is not a key file agent-arena wrote`);
  }
  if (typeof kept?.origin !== 'string' || typeof kept.registrationNonce !== 'string') throw new UsageError(`${path} is not a key file agent-arena wrote`);
  return kept as KeptKey;
}

/** `keep` refuses to replace a file that is there when `fresh`: a join never overwrites another agent's key. */
export async function keep(path: string, kept: KeptKey, fresh: boolean): Promise<void> {
  await writePrivately(path, `${JSON.stringify(kept, null, 2)}\n`, fresh).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new UsageError(`${path} already holds a key file: this agent has joined (use it, or --key-file for another)`);
  });
}

/** The kept arena key, for `agent-arena submit`. */
export async function readKey(path: string): Promise<KeptKey & { apiKey: string }> {
  const kept = await keptAt(path);
  if (!kept?.apiKey) throw new UsageError(`no key at ${path}: run \`agent-arena join\` first`);
  return kept as KeptKey & { apiKey: string };
}

/** A file's text, or undefined where there is none. */
export async function readPrivately(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? undefined : Promise.reject(new UsageError(`cannot read ${path}: ${error.code}`)),
  );
}

/**
 * Writes `text` readable by its owner only (mode 0600, its folder 0700), whole or not at all:
 * it is written and flushed beside its place, then moved there, so a process killed mid-write
 * never leaves a truncated file where the nonce and key were. `fresh` refuses to replace a
 * file that is there (an `EEXIST` error).
 */
export async function writePrivately(path: string, text: string, fresh: boolean): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const staged = `${path}.${process.pid}.tmp`;
  const file = await open(staged, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => Promise.reject(new UsageError(`cannot write ${staged}: ${error.code}`)));
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    // A link fails where a file already is; a rename replaces it in one step.
    if (fresh) await link(staged, path);
    else await rename(staged, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw error;
    throw new UsageError(`cannot write ${path}: ${code}`);
  } finally {
    await rm(staged, { force: true });
  }
}
