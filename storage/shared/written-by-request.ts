/**
 * Every durable write keeps the digest of the request that made it (`request_digest`, unique per
 * table), so a retried request finds what it wrote instead of writing again.
 */
import type { Kysely } from 'kysely';

/** The row of `table` that the request with `requestDigest` already wrote, if it did. */
export async function writtenByRequest<Row>(db: Kysely<any>, table: string, requestDigest: string | undefined): Promise<Row | undefined> {
  if (requestDigest === undefined) return undefined;
  return (await db.selectFrom(table).selectAll().where('request_digest', '=', requestDigest).executeTakeFirst()) as Row | undefined;
}
