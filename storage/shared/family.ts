/**
 * The two SQL families the store speaks. SQLite covers better-sqlite3, bun:sqlite, node:sqlite
 * and D1; PostgreSQL covers `pg` and PGlite. Only the schema (types, triggers) and the way
 * booleans are bound differ between them.
 */
export type DialectFamily = 'sqlite' | 'postgres';
