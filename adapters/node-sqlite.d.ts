/**
 * Types for the part of `node:sqlite` the Deno and Node adapters use. Deno 2 and Node 22.13 ship
 * the module; the `@types/node` 20 this project installs (for Node 20) predates it.
 */
declare module 'node:sqlite' {
  export class DatabaseSync {
    constructor(path: string);
    prepare(sql: string): {
      all(...parameters: unknown[]): unknown[];
      run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
      iterate(...parameters: unknown[]): IterableIterator<unknown>;
      columns(): unknown[];
    };
    exec(sql: string): void;
    close(): void;
  }
}
