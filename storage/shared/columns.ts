/** Column types and conversions every table shares, the same on every dialect. */
import type { DialectFamily } from './family.ts';

/**
 * The SHA-256 identity of the request that wrote a row (migration 0004; unique per table): a
 * retry of that request finds the row instead of writing another. Null on rows written before
 * the migration, or outside a request.
 */
export type RequestDigest = string | null;

/** A stored flag: 0/1 on SQLite (its drivers refuse to bind booleans), boolean on PostgreSQL. */
export type Flag = number | boolean;

/** How a boolean is bound: SQLite drivers refuse JS booleans, PostgreSQL wants them. */
export function flag(family: DialectFamily, value: boolean): Flag {
  return family === 'sqlite' ? (value ? 1 : 0) : value;
}

/** A count or score as a JS number, whatever the driver returned (PostgreSQL bigints come as strings). */
export function asNumber(value: number | bigint | string): number {
  return Number(value);
}
