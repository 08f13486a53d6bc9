/**
 * The bench's servers on Bun and Deno: a fetch handler served by the runtime's own server
 * (`Bun.serve`, `Deno.serve`), announced as the arena's adapters announce themselves, and
 * stopped on SIGINT or SIGTERM.
 */
/// <reference path="../../../adapters/node-sqlite.d.ts" />
import type { Store } from '../../../core/store/store.ts';
import { createBunSqliteDialect, createNodeSqliteDialect, openStore, type BunSqliteDatabase } from '../../../storage/index.ts';

type FetchHandler = (request: Request) => Response | Promise<Response>;

interface Runtimes {
  Bun?: { serve(options: { port: number; hostname: string; development: boolean; fetch: FetchHandler }): { port: number; stop(): Promise<void> } };
  Deno?: {
    serve(options: { port: number; hostname: string; onListen(address: { port: number }): void }, handler: FetchHandler): { shutdown(): Promise<void> };
    addSignalListener(signal: 'SIGINT' | 'SIGTERM', handler: () => void): void;
    exit(code: number): never;
    env: { get(name: string): string | undefined };
  };
}

const { Bun, Deno } = globalThis as unknown as Runtimes;

/** The runtime's name, for the line that announces the server. */
export const RUNTIME = Bun ? 'bun' : Deno ? 'deno' : 'node';

export function envOf(name: string): string | undefined {
  return Deno ? Deno.env.get(name) : process.env[name];
}

/** Serves `fetch` on PORT of HOST with the runtime's own server. */
export function serveWeb(name: string, fetch: FetchHandler): void {
  const port = Number(envOf('PORT') ?? 0);
  const hostname = envOf('HOST') ?? '127.0.0.1';
  const announce = (bound: number) => console.log(`${name} (${RUNTIME}) listening on http://localhost:${bound}`);
  if (Bun) {
    const server = Bun.serve({ port, hostname, development: false, fetch });
    announce(server.port);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop().then(() => process.exit(0)));
  } else if (Deno) {
    const server = Deno.serve({ port, hostname, onListen: ({ port: bound }) => announce(bound) }, fetch);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) Deno.addSignalListener(signal, () => void server.shutdown().then(() => Deno.exit(0)));
  } else {
    throw new Error('bench/servers/web runs on Bun or Deno; Node has bench/servers/*.ts');
  }
}

/** A migrated SQLite store in memory, on the runtime's own SQLite (`bun:sqlite`, `node:sqlite`). */
export async function memoryStore(): Promise<Store> {
  if (Bun) {
    const { Database } = (await import('bun:sqlite' as string)) as { Database: new (path: string) => BunSqliteDatabase };
    return openStore(createBunSqliteDialect(new Database(':memory:')), 'sqlite');
  }
  const { DatabaseSync } = await import('node:sqlite');
  return openStore(createNodeSqliteDialect(new DatabaseSync(':memory:')), 'sqlite');
}
