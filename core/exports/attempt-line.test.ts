import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { receiptJwksLink } from '../evidence/receipt.ts';
import { publicAttempt } from '../league/present.ts';
import type { AttemptRecord, StoredAttempt } from '../league/records.ts';
import { attemptLines, receiptIsCurrent } from './attempt-line.ts';

/** Where the arena is: no public origin or one, at the root or under a base path. */
const place = fc.record({
  basePath: fc.constantFrom('', '/arena', '/a/b'),
  origin: fc.constantFrom('', 'https://arena.example', 'http://127.0.0.1:8787'),
});

const base64url = fc.string({ unit: fc.constantFrom(...'ABCxyz019-_'), minLength: 1 });
/** A receipt's checksum and token as a signed run writes them, or any text at all. */
const checksum = fc.oneof(fc.string(), fc.stringMatching(/^sha256:[0-9a-f]{64}$/));
const token = fc.oneof(
  fc.string(),
  fc.tuple(base64url, base64url, base64url).map((parts) => parts.join('.')),
);

/** A receipt as a signed run appends it, naming its keys where receipts name them now, somewhere else, or nowhere. */
const receipt = (publicBase: string) =>
  fc.record({
    checksum,
    token,
    canonicalization: fc.constant('RFC 8785'),
    jwks: fc.oneof(fc.constant(receiptJwksLink(publicBase)), fc.constant('http://old-host:8787/.well-known/jwks.json'), fc.string()),
  });

/** A result: any JSON members (text of every kind, numbers, nesting), its receipt last as signedRun puts it, or none, or one that is not an object. */
const result = (publicBase: string) =>
  fc.tuple(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue()), fc.option(fc.oneof(receipt(publicBase), fc.jsonValue()), { nil: undefined })).map(([members, last]) => {
    const { receipt: _, ...rest } = members;
    return last === undefined ? rest : { ...rest, receipt: last };
  });

const declaration = fc.record({
  handle: fc.string({ unit: 'binary' }),
  displayName: fc.string({ unit: 'binary' }),
  model: fc.option(fc.string({ unit: 'grapheme' }), { nil: null }),
  sentBy: fc.option(fc.string(), { nil: null }),
});

const attempt = (publicBase: string) =>
  fc.record({
    id: fc.string(),
    agentId: fc.string(),
    kind: fc.constantFrom('join', 'submit'),
    challengeId: fc.string(),
    date: fc.string(),
    number: fc.integer({ min: 1, max: 10 }),
    actions: fc.string(),
    score: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    reachedExit: fc.boolean(),
    benchmark: fc.option(fc.string(), { nil: null }),
    checksum: fc.string(),
    receiptToken: fc.string(),
    result: result(publicBase),
    declaration,
    createdAt: fc.string(),
  }) as fc.Arbitrary<AttemptRecord>;

/** The attempt as the store keeps it (storage/league/rows.ts): result and declaration as JSON.stringify wrote them. */
function stored({ result, declaration, ...fields }: AttemptRecord): StoredAttempt {
  return { ...fields, resultJson: JSON.stringify(result), declarationJson: JSON.stringify(declaration) };
}

describe('an attempt’s export line', () => {
  it('is byte for byte the JSON answer of the attempt, whatever it holds and wherever the arena is', () => {
    fc.assert(
      fc.property(
        place.chain(({ basePath, origin }) => fc.tuple(fc.constant({ basePath, publicBase: `${origin}${basePath}` }), attempt(`${origin}${basePath}`))),
        ([arena, record]) => {
          // The record as the store gives it back: parsed from the text it was stored as.
          const read = { ...record, result: JSON.parse(JSON.stringify(record.result)), declaration: JSON.parse(JSON.stringify(record.declaration)) };
          expect(attemptLines(arena)(stored(record))).toBe(JSON.stringify(publicAttempt(read, arena)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a signed run’s stored result as it is when its receipt names the keys where receipts do now', () => {
    const current = receiptIsCurrent('https://arena.example/arena');
    const result = (jwks: string) =>
      JSON.stringify({
        score: 3,
        replay: [{ at: 'a "quoted" step' }],
        receipt: { checksum: `sha256:${'0a'.repeat(32)}`, token: 'eyJh.eyJj.c2ln', canonicalization: 'RFC 8785', jwks },
      });
    expect(current(result('https://arena.example/arena/.well-known/jwks.json'))).toBe(true);
    expect(current(result('http://old-host:8787/.well-known/jwks.json'))).toBe(false);
    expect(current(result('https://arena.example/arena/.well-known/jwks.json').replace('}}', '},"later":1}'))).toBe(false);
    expect(current('{"score":3}')).toBe(false);
  });
});
