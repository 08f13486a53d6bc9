/**
 * An attempt's export line, spliced from its stored text rather than parsed and serialised again:
 * the same bytes as `JSON.stringify(publicAttempt(attempt, arena))`, at a fraction of the cost.
 * A result not stored is played again first (core/league/attempt-results.ts), as that text.
 *
 * It holds because the stored result and declaration are JSON.stringify's own output
 * (storage/league/rows.ts), which JSON.parse then JSON.stringify gives back byte for byte. The
 * one part of the public form that is not the stored text is the receipt's `jwks`, which the
 * answer restates (core/league/present.ts): the stored text is kept as it is only when its
 * receipt, which a signed run appends last (core/games/packet-run/signed-result.ts), already
 * says it; otherwise the result is parsed and restated, as the JSON answer does.
 */
import type { ArenaContext } from '../context.ts';
import { receiptJwksLink } from '../evidence/receipt.ts';
import { attemptFields, attemptUrl, publicResult } from '../league/present.ts';
import type { StoredAttempt } from '../league/records.ts';

const RECEIPT_START = ',"receipt":{"checksum":"sha256:';

/** Each attempt's line, for an arena at `arena`'s base path and public origin. */
export function attemptLines(arena: Pick<ArenaContext, 'basePath' | 'publicBase'>): (attempt: StoredAttempt) => string {
  const isPublic = receiptIsCurrent(arena.publicBase);
  const publicText = (stored: string) => (isPublic(stored) ? stored : JSON.stringify(publicResult(JSON.parse(stored), arena.publicBase)));
  return (attempt) => {
    // The record's own fields, then the stored text spliced in, in publicAttempt's order.
    const head = JSON.stringify(attemptFields(attempt));
    const url = attemptUrl(attempt, arena.basePath);
    return `${head.slice(0, -1)},"declaration":${attempt.declarationJson},"createdAt":${JSON.stringify(attempt.createdAt)},"url":${JSON.stringify(url)},"result":${publicText(attempt.resultJson)}}`;
  };
}

/**
 * Whether a stored result is already its public form: it ends with its receipt, exactly as a
 * signed run writes one, naming the keys where receipts name them now. The receipt's text is
 * matched whole, to the result's last brace, and holds no quote but its own (hex, base64url and
 * the link), so the match is the result's last member, not text inside a string.
 */
export function receiptIsCurrent(publicBase: string): (stored: string) => boolean {
  const jwks = JSON.stringify(receiptJwksLink(publicBase)).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const receipt = new RegExp(
    `,"receipt":\\{"checksum":"sha256:[0-9a-f]{64}","token":"[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+","canonicalization":"RFC 8785","jwks":${jwks}\\}\\}$`,
    'y',
  );
  return (stored) => {
    const at = stored.lastIndexOf(RECEIPT_START);
    if (at === -1) return false;
    receipt.lastIndex = at;
    return receipt.test(stored);
  };
}
