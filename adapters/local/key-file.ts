import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeBase64Url, publicKeyFromSeed, randomSeed } from '../../core/index.ts';
import { parseKey, type ArenaKeys } from '../env-options.ts';

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

/** Reads the key file, creating it with fresh keys on first start. */
export async function loadOrCreateKeys(dataDir: string): Promise<ArenaKeys> {
  const path = join(dataDir, KEY_FILE_NAME);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const now = new Date().toISOString();
  const created: KeyFile = {
    signingKey: { seed: encodeBase64Url(randomSeed()), createdAt: now },
    retiredSigningKeys: [],
    serverSecret: { value: encodeBase64Url(randomSeed()), createdAt: now },
  };
  try {
    // `wx` fails if the file exists, so instances starting together share one set of keys.
    await writeFile(path, serialize(created), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  const file = await readKeyFile(path);
  return {
    signingKey: parseKey(file.signingKey.seed, `${path}: signingKey.seed`),
    retiredPublicKeys: file.retiredSigningKeys.map((key, i) => parseKey(key.publicKey, `${path}: retiredSigningKeys[${i}]`)),
    secret: parseKey(file.serverSecret.value, `${path}: serverSecret.value`),
  };
}

/** Moves the signing key to the retired list and creates a new one; the server secret stays. */
export async function rotateSigningKey(dataDir: string): Promise<{ path: string }> {
  const path = join(dataDir, KEY_FILE_NAME);
  await loadOrCreateKeys(dataDir);
  const file = await readKeyFile(path);
  const old = parseKey(file.signingKey.seed, `${path}: signingKey.seed`);
  const now = new Date().toISOString();
  const next: KeyFile = {
    ...file,
    signingKey: { seed: encodeBase64Url(randomSeed()), createdAt: now },
    retiredSigningKeys: [{ publicKey: encodeBase64Url(publicKeyFromSeed(old)), retiredAt: now }, ...file.retiredSigningKeys],
  };
  await writeFile(`${path}.tmp`, serialize(next), { mode: 0o600 });
  await rename(`${path}.tmp`, path);
  return { path };
}

async function readKeyFile(path: string): Promise<KeyFile> {
  const file = JSON.parse(await readFile(path, 'utf8')) as KeyFile;
  if (typeof file?.signingKey?.seed !== 'string' || typeof file.serverSecret?.value !== 'string' || !Array.isArray(file.retiredSigningKeys)) {
    throw new Error(`${path} is not an Agent Arena key file`);
  }
  return file;
}

function serialize(file: KeyFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
