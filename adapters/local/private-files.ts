import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Where a local adapter says what an operator should know at start (stderr by default). */
export type Warn = (line: string) => void;

/**
 * The data folder, private to the arena's user (0700, whatever the umask) when the arena
 * creates it. An existing folder keeps its mode, since an operator may share it on purpose
 * (with a backup group, say); one that every user may open gets a warning.
 */
export async function ensurePrivateFolder(dir: string, warn: Warn): Promise<void> {
  const created = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (created !== undefined) {
    await chmod(dir, 0o700);
    return;
  }
  const { mode } = await stat(dir);
  if (process.platform !== 'win32' && (mode & 0o007) !== 0) {
    warn(`the data folder ${dir} is open to every user of this machine (mode ${octal(mode)}); chmod 700 it.`);
  }
}

/** Warns when a file that holds secrets may be read by users other than the arena's own. */
export async function warnIfShared(path: string, warn: Warn): Promise<void> {
  const { mode } = await stat(path);
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    warn(`${path} holds the arena's secrets but has mode ${octal(mode)}; chmod 600 it.`);
  }
}

/**
 * Makes `path` a file only the arena's user may read or write (0600, whatever the umask),
 * creating it empty when absent, and tightens `companions` (such as SQLite's `-wal` and `-shm`)
 * that exist. SQLite creates its companions with the main file's mode, so they follow.
 */
export async function ensurePrivateFile(path: string, companions: string[] = []): Promise<void> {
  // An instance starting beside this one may create it first: then it is simply there.
  await open(path, 'wx', 0o600).then(
    (created) => created.close(),
    (error: unknown) => {
      if (codeOf(error) !== 'EEXIST') throw error;
    },
  );
  for (const file of [path, ...companions]) {
    await chmod(file, 0o600).catch((error: unknown) => {
      if (codeOf(error) !== 'ENOENT') throw error;
    });
  }
}

/**
 * Writes `text` to a new, uniquely named file beside `finalPath`, mode 0600 whatever the umask,
 * and flushes it to disk: a file that may then be linked or renamed into place whole.
 */
export async function writeTemporaryFile(finalPath: string, text: string): Promise<string> {
  const temporary = join(dirname(finalPath), `${temporaryPrefix(finalPath)}${randomBytes(6).toString('hex')}.tmp`);
  // `wx` with 0600: never an existing file, never readable by others, even for a moment.
  const file = await open(temporary, 'wx', 0o600);
  try {
    await chmod(temporary, 0o600);
    await file.writeFile(text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  return temporary;
}

/** How the temporary files of `finalPath` begin: `.keys.json.` for `keys.json`. */
export function temporaryPrefix(finalPath: string): string {
  return `.${basename(finalPath)}.`;
}

/** Flushes a folder's entries (a link or rename into it) to disk, where the system allows it. */
export async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    // Windows cannot open a folder, and some file systems refuse to flush one: the rename
    // itself is still atomic there, only its durability at power loss is the system's.
    if (!['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'ENOTSUP', 'EBADF'].includes(codeOf(error) ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(3, '0');
}

function codeOf(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}
