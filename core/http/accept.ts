/**
 * Proactive negotiation (RFC 9110 §12.5.1): which of the offered media types the Accept header
 * prefers. A type's weight comes from the most specific range that matches it (`text/html`
 * over `text/*` over `*\/*`); a weight of 0 refuses it. Ties go to the earlier offer, and a
 * missing header accepts anything, so the first offer is the default.
 */
export function preferredType<T extends string>(accept: string | null, offers: readonly [T, ...T[]]): T {
  if (accept === null || accept.trim() === '') return offers[0];
  const ranges = accept
    .split(',')
    .map(parseRange)
    .filter((range) => range !== undefined);
  let best: { offer: T; weight: number } | undefined;
  for (const offer of offers) {
    const weight = weightOf(offer, ranges);
    if (weight > 0 && (best === undefined || weight > best.weight)) best = { offer, weight };
  }
  return best?.offer ?? offers[0];
}

interface MediaRange {
  type: string;
  subtype: string;
  weight: number;
}

function parseRange(text: string): MediaRange | undefined {
  const [mediaRange = '', ...parameters] = text.split(';').map((part) => part.trim().toLowerCase());
  const [type, subtype] = mediaRange.split('/');
  if (!type || !subtype) return undefined;
  const q = parameters.find((parameter) => parameter.startsWith('q='));
  const weight = q === undefined ? 1 : Number(q.slice(2));
  return Number.isFinite(weight) && weight >= 0 && weight <= 1 ? { type, subtype, weight } : undefined;
}

function weightOf(offer: string, ranges: readonly MediaRange[]): number {
  const [type, subtype] = offer.split('/');
  const specificity = (range: MediaRange) =>
    range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' ? 0 : -1;
  let match: { specificity: number; weight: number } | undefined;
  for (const range of ranges) {
    const rank = specificity(range);
    if (rank >= 0 && (match === undefined || rank > match.specificity)) match = { specificity: rank, weight: range.weight };
  }
  return match?.weight ?? 0;
}
