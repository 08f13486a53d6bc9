/**
 * Kysely's SQLite introspection as D1 allows it: D1 keeps its own `_cf_…` tables in
 * `sqlite_master` and refuses `pragma_table_info` on them, which Kysely's introspector (used by
 * the migrator to see whether its tables exist) asks for on every table.
 */
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  kind: string;
  name: string;
  type: string;
  notnull: number;
  dflt_value: unknown;
  pk: number;
}

export class D1Introspector implements DatabaseIntrospector {
  readonly #db: Kysely<any>;

  constructor(db: Kysely<any>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    return [];
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables ? [] : [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
    const rows: ColumnRow[] = await this.#db
      .with('table_list', (db) => {
        let tables = db
          .selectFrom('sqlite_master')
          .select(['name', 'type'])
          .where('type', 'in', ['table', 'view'])
          .where('name', 'not like', 'sqlite_%')
          // `_` is a wildcard to LIKE, so the prefix is compared as text (D1 reserves it in any case).
          .where(sql`lower(substr(name, 1, 4))`, '!=', '_cf_');
        if (internal.length > 0) tables = tables.where('name', 'not in', internal);
        return tables;
      })
      .selectFrom(['table_list as t', sql`pragma_table_info(t.name)`.as('p')])
      .select(['t.name as table', 't.type as kind', 'p.name', 'p.type', 'p.notnull', 'p.dflt_value', 'p.pk'])
      .orderBy('t.name')
      .orderBy('p.cid')
      .execute();
    const tables = new Map<string, ColumnRow[]>();
    for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row]);
    return [...tables.values()].map((columns) => {
      const primary = columns.filter((column) => column.pk > 0);
      const rowid = primary.length === 1 && primary[0]!.type.toLowerCase() === 'integer' ? primary[0]!.name : undefined;
      return {
        name: columns[0]!.table,
        isView: columns[0]!.kind === 'view',
        columns: columns.map((column) => ({
          name: column.name,
          dataType: column.type,
          isNullable: !column.notnull,
          isAutoIncrementing: column.name === rowid,
          hasDefaultValue: column.dflt_value != null,
        })),
      };
    });
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
