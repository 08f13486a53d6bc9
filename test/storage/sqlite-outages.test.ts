/** SQLite's "not now" errors as each driver reports them: better-sqlite3 and bun:sqlite, node:sqlite on Node, and on Deno. */
import { describe, expect, it } from 'vitest';
import { isSqliteBusy, isSqliteOutage } from '../../storage/dialects/outages.ts';

const named = (code: string, message: string) => Object.assign(new Error(message), { code });
const numbered = (errcode: number, message: string) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });
/** Deno's node:sqlite: its code says only that SQLite failed, and the number is missing. */
const worded = (message: string) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR' });

describe('SQLite outages', () => {
  it.each([
    ['busy, by name', named('SQLITE_BUSY', 'database is locked'), true, true],
    ['busy snapshot, by extended name', named('SQLITE_BUSY_SNAPSHOT', 'database is locked'), true, true],
    ['busy, by number', numbered(5, 'database is locked'), true, true],
    ['locked table, by number', numbered(262, 'database table is locked'), true, true],
    ['busy, in words', worded('database is locked'), true, true],
    ['disk I/O error, by name', named('SQLITE_IOERR_WRITE', 'disk I/O error'), true, false],
    ['full disk, by number', numbered(13, 'database or disk is full'), true, false],
    ['full disk, in words', worded('database or disk is full'), true, false],
    ['cannot open, in words', worded('unable to open database file'), true, false],
    ['a constraint, by name', named('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: items.name'), false, false],
    ['a constraint, by number', numbered(2067, 'UNIQUE constraint failed: items.name'), false, false],
    ['a constraint, in words', worded('UNIQUE constraint failed: items.name'), false, false],
    ['a mistake in the SQL', worded('no such table: itemz'), false, false],
  ])('%s', (_, error, outage, busy) => {
    expect(isSqliteOutage(error)).toBe(outage);
    expect(isSqliteBusy(error)).toBe(busy);
  });
});
