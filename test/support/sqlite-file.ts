import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';

/** Row counts of every table in a SQLite database file, read beside the server that writes it. */
export function rowCounts(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

/** Every value of every row of every table, as one text to search. */
export function everything(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    return tables.map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())).join('\n');
  } finally {
    db.close();
  }
}

/** The raw bytes of the database and its write-ahead log, as Latin-1 text to search. */
export function rawBytes(path: string): string {
  return [path, `${path}-wal`]
    .filter(existsSync)
    .map((file) => readFileSync(file).toString('latin1'))
    .join('');
}
