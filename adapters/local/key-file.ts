import { randomBytes } from 'node:crypto';
import { link, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { decodeBase64Url, encodeBase64Url, publicKeyFromSeed, randomSeed } from '../../core/index.ts';
import type { ArenaKeys } from '../configuration/arena-options.ts';
import { ConfigurationError } from '../configuration/read.ts';
import { ensurePrivateFolder, syncFolder, temporaryPrefix, warnIfShared, writeTemporaryFile, type Warn } from './private-files.ts';

/**
 * The embedded default's secrets, kept in `<dataDir>/keys.json` (mode 0600) so receipts stay
 * verifiable and daily derivations stay stable across restarts: the signing key, the public
 * halves of retired signing keys, and the server secret (which never rotates with the key).
 */
export interface KeyFile {
  signingKey: { seed: string; createdAt: string };
  retiredSigningKeys: { publicKey: string; retiredAt: string }[];
  serverSecret: { value: string; createdAt: string };
}

export const KEY_FILE_NAME = 'keys.json';

/** A temporary file older than this belongs to a start that was killed, never to a live one. */
const STALE_TEMPORARY_MS = 10 * 60_000;

/**
 * Reads the key file, creating it with fresh keys on first start. The file only ever appears
 * whole: a kill at any moment leaves either no key file or a complete one. Instances starting
 * together on one folder all read the same keys.
 */
export async function loadOrCreateKeys(dataDir: string, warn: Warn = console.warn): Promise<ArenaKeys> {
  const path = join(dataDir, KEY_FILE_NAME);
  await ensurePrivateFolder(dataDir, warn);
  await removeStaleTemporaryFiles(dataDir);
  const file = await createOnceAndRead(path, serialize(freshKeyFile()), warn);
  await warnIfShared(path, warn);
  return {
    signingKey: parseKey(file.signingKey.seed, `${path}: signingKey.seed`),
    retiredPublicKeys: file.retiredSigningKeys.map((key, i) => parseKey(key.publicKey, `${path}: retiredSigningKeys[${i}]`)),
    secret: parseKey(file.serverSecret.value, `${path}: serverSecret.value`),
  };
}

/** Moves the signing key to the retired list and creates a new one; the server secret stays. */
export async function rotateSigningKey(dataDir: string, warn: Warn = console.warn): Promise<{ path: string }> {
  const path = join(dataDir, KEY_FILE_NAME);
  await loadOrCreateKeys(dataDir, warn);
  const file = parseKeyFile(path, await readFile(path, 'utf8'));
  const old = parseKey(file.signingKey.seed, `${path}: signingKey.seed`);
  const now = new Date().toISOString();
  const next: KeyFile = {
    ...file,
    signingKey: { seed: encodeBase64Url(randomSeed()), createdAt: now },
    retiredSigningKeys: [{ publicKey: encodeBase64Url(publicKeyFromSeed(old)), retiredAt: now }, ...file.retiredSigningKeys],
  };
  const temporary = await writeTemporaryFile(path, serialize(next));
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(dataDir);
  return { path };
}

/**
 * Links a whole, flushed temporary file to `path` unless a key file is already there (`link`
 * fails on an existing name, so of instances starting together exactly one creates it), then
 * reads what is there. An empty key file can only be left by an older version killed during
 * its first start, before any key was used: it is replaced, with a notice.
 */
async function createOnceAndRead(path: string, text: string, warn: Warn): Promise<KeyFile> {
  const temporary = await writeTemporaryFile(path, text);
  try {
    for (let round = 0; round < 5; round++) {
      try {
        await link(temporary, path);
        await syncFolder(dirname(path));
      } catch (error) {
        if (codeOf(error) !== 'EEXIST') throw error;
      }
      const found = await readFile(path, 'utf8').catch((error: unknown) => {
        if (codeOf(error) === 'ENOENT') return null;
        throw error;
      });
      // Gone: another instance is replacing an empty file; try again.
      if (found === null) continue;
      if (found !== '') return parseKeyFile(path, found);
      warn(`${path} is empty: an earlier first start was stopped before it wrote any key, so nothing was signed with one. Writing new keys.`);
      await setAsideIfEmpty(path);
    }
    throw new Error(`${path} kept changing while the arena started; start it again`);
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Renames the file at `path` out of the way (atomic: exactly that file moves). If another
 * instance had just replaced the empty file with keys, those go back.
 */
async function setAsideIfEmpty(path: string): Promise<void> {
  const aside = join(dirname(path), `${temporaryPrefix(path)}${randomBytes(6).toString('hex')}.empty`);
  try {
    await rename(path, aside);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  if ((await stat(aside)).size > 0) {
    await link(aside, path).catch((error: unknown) => {
      if (codeOf(error) !== 'EEXIST') throw error;
    });
  }
  await rm(aside, { force: true });
}

/** Temporary files of starts that were killed before they linked theirs (they hold unused keys). */
async function removeStaleTemporaryFiles(dataDir: string): Promise<void> {
  const prefix = temporaryPrefix(KEY_FILE_NAME);
  for (const name of await readdir(dataDir)) {
    if (!name.startsWith(prefix)) continue;
    const path = join(dataDir, name);
    const modified = await stat(path).then(
      (found) => found.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > STALE_TEMPORARY_MS) await rm(path, { force: true });
  }
}

function parseKeyFile(path: string, text: string): KeyFile {
  let file: KeyFile | undefined;
  try {
    file = JSON.parse(text) as KeyFile;
  } catch {
    file = undefined;
  }
  if (typeof file?.signingKey?.seed !== 'string' || typeof file.serverSecret?.value !== 'string' || !Array.isArray(file.retiredSigningKeys)) {
    throw new Error(`${path} is not a valid Agent Arena key file. Restore it from a backup; only if no receipt was ever signed with its key, remove it to start with new keys.`);
  }
  return file;
}

/** A base64url-encoded 32-byte value of the key file, or a clear start-up error naming where it came from. */
function parseKey(text: string, source: string): Uint8Array {
  const bytes = decodeBase64Url(text.trim());
  if (bytes?.length !== 32) throw new ConfigurationError(`${source} must be 32 bytes in base64url (43 characters)`);
  return bytes;
}

function freshKeyFile(): KeyFile {
  const now = new Date().toISOString();
  return {
    signingKey: { seed: encodeBase64Url(randomSeed()), createdAt: now },
    retiredSigningKeys: [],
    serverSecret: { value: encodeBase64Url(randomSeed()), createdAt: now },
  };
}

function serialize(file: KeyFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

function codeOf(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}
