import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeBase64Url, encodeBase64Url, publicKeyFromSeed, randomSeed } from '../../core/index.ts';

/**
 * The embedded default's signing keys, kept in `<dataDir>/signing-keys.json` (mode 0600) so
 * receipts stay verifiable across restarts. Retired keys keep only their public half.
 */
export interface KeyFile {
  current: { seed: string; createdAt: string };
  retired: { publicKey: string; retiredAt: string }[];
}

export const KEY_FILE_NAME = 'signing-keys.json';

export interface LoadedKeys {
  signingKey: Uint8Array;
  retiredPublicKeys: Uint8Array[];
}

/** Reads the key file, creating it with a fresh key on first start. */
export async function loadOrCreateKeys(dataDir: string): Promise<LoadedKeys> {
  const path = join(dataDir, KEY_FILE_NAME);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const created: KeyFile = {
    current: { seed: encodeBase64Url(randomSeed()), createdAt: new Date().toISOString() },
    retired: [],
  };
  try {
    // `wx` fails if the file exists, so two instances starting together keep one key.
    await writeFile(path, `${JSON.stringify(created, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  return keysFrom(await readKeyFile(path), path);
}

/** Moves the current key to the retired list and creates a new one. */
export async function rotateKeys(dataDir: string): Promise<{ path: string }> {
  const path = join(dataDir, KEY_FILE_NAME);
  await loadOrCreateKeys(dataDir);
  const file = await readKeyFile(path);
  const old = parseKey(file.current.seed, `${path}: current.seed`);
  const now = new Date().toISOString();
  const next: KeyFile = {
    current: { seed: encodeBase64Url(randomSeed()), createdAt: now },
    retired: [{ publicKey: encodeBase64Url(publicKeyFromSeed(old)), retiredAt: now }, ...file.retired],
  };
  await writeFile(`${path}.tmp`, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
  return { path };
}

async function readKeyFile(path: string): Promise<KeyFile> {
  const file = JSON.parse(await readFile(path, 'utf8')) as KeyFile;
  if (typeof file?.current?.seed !== 'string' || !Array.isArray(file.retired)) {
    throw new Error(`${path} is not an Agent Arena key file`);
  }
  return file;
}

function keysFrom(file: KeyFile, path: string): LoadedKeys {
  return {
    signingKey: parseKey(file.current.seed, `${path}: current.seed`),
    retiredPublicKeys: file.retired.map((key, i) => parseKey(key.publicKey, `${path}: retired[${i}].publicKey`)),
  };
}

/** A base64url-encoded 32-byte value, or a clear startup error naming where it came from. */
export function parseKey(text: string, source: string): Uint8Array {
  const bytes = decodeBase64Url(text.trim());
  if (!bytes || bytes.length !== 32) throw new Error(`${source} must be 32 bytes in base64url (43 characters)`);
  return bytes;
}

