/**
 * An attempt's export line, spliced from its stored text rather than parsed and serialised again:
 * the same bytes as `JSON.stringify(publicAttempt(attempt, true, arena))`, at a fraction of the cost.
 *
 * It holds because the stored result and declaration are JSON.stringify's own output
 * (storage/league/rows.ts), which JSON.parse then JSON.stringify gives back byte for byte. The
 * one part of the public form that is not the stored text is the receipt's `jwks`, which the
 * answer restates (core/league/present.ts): the stored text is kept as it is only when the
 * receipt, which a signed run appends last (core/games/packet-run/signed-result.ts), already
 * says it; otherwise the result is parsed and restated, as the JSON answer does.
 */
import type { ArenaContext } from '../context.ts';
import { receiptJwksLink } from '../evidence/receipt.ts';
import { publicResult } from '../league/present.ts';
import type { StoredAttempt } from '../league/records.ts';

const RECEIPT_MEMBER = ',"receipt":';

export function attemptLine(attempt: StoredAttempt, arena: Pick<ArenaContext, 'basePath' | 'publicBase'>): string {
  // Field by field, in publicAttempt's order.
  const head = JSON.stringify({
    id: attempt.id,
    agentId: attempt.agentId,
    kind: attempt.kind,
    challengeId: attempt.challengeId,
    date: attempt.date,
    number: attempt.number,
    actions: attempt.actions,
    score: attempt.score,
    reachedExit: attempt.reachedExit,
    benchmark: attempt.benchmark,
    checksum: attempt.checksum,
    receiptToken: attempt.receiptToken,
  });
  const url = `${arena.basePath}/api/league/attempts/${attempt.id}`;
  return `${head.slice(0, -1)},"declaration":${attempt.declarationJson},"createdAt":${JSON.stringify(attempt.createdAt)},"url":${JSON.stringify(url)},"result":${publicResultText(attempt.resultJson, arena.publicBase)}}`;
}

/** The result's public text: the stored text when its receipt, its last member, names the keys where receipts name them now. */
function publicResultText(stored: string, publicBase: string): string {
  const link = receiptJwksLink(publicBase);
  const at = stored.lastIndexOf(RECEIPT_MEMBER);
  if (at !== -1 && stored.endsWith('}}')) {
    // The receipt's text, from its opening brace to the result's closing one: small, so cheap to read.
    const text = stored.slice(at + RECEIPT_MEMBER.length, -1);
    const receipt = parsedObject(text);
    // Serialising it back to the same text proves it is one whole value, the result's last member.
    if (receipt?.jwks === link && JSON.stringify(receipt) === text) return stored;
  }
  return JSON.stringify(publicResult(JSON.parse(stored), publicBase));
}

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
