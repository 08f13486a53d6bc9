import { InvalidCursorError } from '../store/errors.ts';
import type { Page } from '../store/page.ts';
import { HttpError } from './problem.ts';

/** The store's page request from a query's `cursor` and `limit`. */
export function pageOf(query: { cursor?: string | undefined; limit: number }): Page {
  return query.cursor === undefined ? { limit: query.limit } : { limit: query.limit, after: query.cursor };
}

/** Runs a paged store read; a cursor the store did not issue is the client's 400. */
export async function paged<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    throw new HttpError('invalid-request', `cursor: ${error.message}`, { errors: [{ path: 'cursor', message: error.message }] });
  }
}
