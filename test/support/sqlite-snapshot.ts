import Database from 'better-sqlite3';

/** Every row of every table of a SQLite database file, as JSON text in a stable order, and each table's primary key. */
export interface Snapshot {
  tables: Record<string, string[]>;
  keys: Record<string, string[]>;
}

/** Reads the whole database (read-only, beside any server that writes it). */
export function snapshotOf(path: string): Snapshot {
  const db = new Database(path, { readonly: true });
  try {
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name").all() as { name: string }[]).map(({ name }) => name);
    const tables = Object.fromEntries(names.map((name) => [name, (db.prepare(`SELECT * FROM "${name}"`).all() as object[]).map((row) => JSON.stringify(row)).sort()]));
    const keys = Object.fromEntries(
      names.map((name) => {
        const columns = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; pk: number }[];
        return [
          name,
          columns
            .filter((column) => column.pk > 0)
            .sort((a, b) => a.pk - b.pk)
            .map((column) => column.name),
        ];
      }),
    );
    return { tables, keys };
  } finally {
    db.close();
  }
}

/** The snapshot's rows, without some tables. */
export function rowsWithout(snapshot: Snapshot, ...tables: string[]): Record<string, string[]> {
  return Object.fromEntries(Object.entries(snapshot.tables).filter(([name]) => !tables.includes(name)));
}

/** Rows of `table` in `after` whose primary key is not in `before`, parsed. */
export function addedRows(before: Snapshot, after: Snapshot, table: string): any[] {
  const keyOf = (row: Record<string, unknown>) => JSON.stringify((after.keys[table] ?? []).map((column) => row[column]));
  const earlier = new Set((before.tables[table] ?? []).map((row) => keyOf(JSON.parse(row))));
  return (after.tables[table] ?? []).map((row) => JSON.parse(row)).filter((row) => !earlier.has(keyOf(row)));
}
