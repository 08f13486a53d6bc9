import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARENA_KEY_PATTERN, firstKey, keyOfGeneration, MAX_KEY_GENERATION, nextKey, type Registration } from './keys.ts';

const secrets = fc.uint8Array({ minLength: 32, maxLength: 32 });
const registrations: fc.Arbitrary<Registration> = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{32,128}$/).map((nonce) => ({ nonce })),
  fc.stringMatching(/^[A-Za-z0-9_-]{22}$/).map((capabilityId) => ({ capabilityId })),
);
const generations = fc.integer({ min: 0, max: 40 });

describe('arena keys', () => {
  it('are derived, generation by generation, each from the one before, and all look like arena keys', () => {
    fc.assert(
      fc.property(secrets, registrations, generations, (secret, registration, generation) => {
        const key = keyOfGeneration(secret, registration, generation);
        expect(key).toMatch(ARENA_KEY_PATTERN);
        expect(keyOfGeneration(secret, registration, generation + 1)).toBe(nextKey(secret, key));
        expect(keyOfGeneration(secret, registration, 0)).toBe(firstKey(secret, registration));
      }),
    );
  });

  it('differ between generations, registrations and secrets', () => {
    fc.assert(
      fc.property(secrets, secrets, registrations, registrations, generations, (one, other, registration, another, generation) => {
        const keys = new Set(Array.from({ length: generation + 2 }, (_, g) => keyOfGeneration(one, registration, g)));
        expect(keys.size).toBe(generation + 2);
        if (JSON.stringify(registration) !== JSON.stringify(another)) expect(keyOfGeneration(one, another, generation)).not.toBe(keyOfGeneration(one, registration, generation));
        if (one.some((byte, i) => byte !== other[i])) expect(keyOfGeneration(other, registration, generation)).not.toBe(keyOfGeneration(one, registration, generation));
      }),
    );
  });

  it('keep a league nonce and a capability id of the same text apart', () => {
    const secret = new Uint8Array(32).fill(7);
    const text = 'A'.repeat(32);
    expect(firstKey(secret, { nonce: text })).not.toBe(firstKey(secret, { capabilityId: text }));
  });

  it('have no generation past the most rotations allowed, nor a negative or fractional one', () => {
    const secret = new Uint8Array(32);
    expect(keyOfGeneration(secret, { nonce: 'n'.repeat(32) }, MAX_KEY_GENERATION)).toMatch(ARENA_KEY_PATTERN);
    for (const generation of [MAX_KEY_GENERATION + 1, -1, 1.5, Number.NaN]) expect(() => keyOfGeneration(secret, { nonce: 'n'.repeat(32) }, generation)).toThrow(RangeError);
  });
});
