/**
 * Finding compact JWS-shaped runs in untrusted text in one left-to-right pass.
 *
 * It finds exactly what `/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g` finds, without
 * that regex's backtracking: on a text of many `eyJ` runs and no dots, the regex rescans the
 * rest of the run from every `eyJ`, which costs the square of the text's length. Each
 * segment is a maximal run of base64url characters, so where it ends is the only place the
 * dot after it can be; every `eyJ` in the same run therefore succeeds or fails alike, and a
 * failed start skips the rest of its run. Every run is read at most three times (as header,
 * payload and signature of neighbouring candidates), so the cost is linear.
 */

/** One JWS-shaped run: where it is, and its header segment (before the first dot). */
export interface CompactJwsMatch {
  start: number;
  end: number;
  header: string;
}

/** Every JWS-shaped run of `text`, leftmost first, never overlapping. */
export function* compactJwsInside(text: string): Generator<CompactJwsMatch> {
  let from = 0;
  for (;;) {
    const start = text.indexOf('eyJ', from);
    if (start < 0) return;
    const headerEnd = base64UrlRunEnd(text, start + 3);
    if (text.charCodeAt(headerEnd) !== DOT) {
      from = headerEnd;
      continue;
    }
    const payloadEnd = base64UrlRunEnd(text, headerEnd + 1);
    const signatureEnd = text.charCodeAt(payloadEnd) === DOT ? base64UrlRunEnd(text, payloadEnd + 1) : payloadEnd;
    if (payloadEnd === headerEnd + 1 || signatureEnd <= payloadEnd + 1) {
      // The payload run may hold the next candidate's `eyJ`.
      from = headerEnd + 1;
      continue;
    }
    yield { start, end: signatureEnd, header: text.slice(start, headerEnd) };
    from = signatureEnd;
  }
}

const DOT = 0x2e;

/** Where the run of base64url characters starting at `from` ends. */
function base64UrlRunEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isBase64UrlCharacter(text.charCodeAt(i))) i++;
  return i;
}

function isBase64UrlCharacter(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2d || // -
    code === 0x5f // _
  );
}
