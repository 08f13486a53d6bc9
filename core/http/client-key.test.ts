import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './client-key.ts';
import { ONE_IPV4_SPELLINGS } from '../../test/support/fixtures/address-spellings.ts';

const octet = fc.nat(255);
const ipv4 = fc.tuple(octet, octet, octet, octet);
/** Zero groups often, so that `::` has runs to stand for. */
const group = fc.oneof(fc.constant(0), fc.nat(0xffff));
const ipv6 = fc.array(group, { minLength: 8, maxLength: 8 });

/** How one address is written: per-group leading zeros and case, where `::` goes, a dotted tail, brackets, port, zone, spaces. */
const spelling = fc.record({
  padding: fc.array(fc.nat(3), { minLength: 8, maxLength: 8 }),
  upper: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  run: fc.nat(),
  dottedTail: fc.boolean(),
  octetPadding: fc.array(fc.nat(2), { minLength: 4, maxLength: 4 }),
  wrapper: fc.constantFrom('bare', 'bracketed', 'bracketed with port'),
  zone: fc.option(fc.stringMatching(/^[a-z0-9]{1,8}$/), { nil: undefined }),
  port: fc.integer({ min: 1, max: 65_535 }),
  spaces: fc.constantFrom('', ' ', '\t'),
});
type Spelling = typeof spelling extends fc.Arbitrary<infer S> ? S : never;

const padded = (text: string, zeros: number, width: number) => '0'.repeat(Math.max(0, Math.min(zeros, width - text.length))) + text;

function dottedQuad(octets: readonly number[], padding: readonly number[]): string {
  return octets.map((value, index) => padded(String(value), padding[index]!, 3)).join('.');
}

/** The runs of zero groups `::` may stand for (not into a dotted tail). */
function zeroRuns(groups: readonly number[], end: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let start = 0; start < end; start++) {
    for (let stop = start + 1; stop <= end && groups[stop - 1] === 0; stop++) runs.push([start, stop]);
  }
  return runs;
}

function spellIpv6(groups: readonly number[], how: Spelling): string {
  const hexEnd = how.dottedTail ? 6 : 8;
  const hex = groups.slice(0, hexEnd).map((value, index) => {
    const text = padded(value.toString(16), how.padding[index]!, 4);
    return how.upper[index] ? text.toUpperCase() : text;
  });
  const parts = how.dottedTail ? [...hex, dottedQuad([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff], how.octetPadding)] : hex;
  const runs = zeroRuns(groups, hexEnd);
  const run = how.run % (runs.length + 1) === 0 ? undefined : runs[(how.run % (runs.length + 1)) - 1];
  const address = run ? `${parts.slice(0, run[0]).join(':')}::${parts.slice(run[1]).join(':')}` : parts.join(':');
  const zoned = how.zone === undefined ? address : `${address}%${how.zone}`;
  const wrapped = how.wrapper === 'bare' ? zoned : how.wrapper === 'bracketed' ? `[${zoned}]` : `[${zoned}]:${how.port}`;
  return `${how.spaces}${wrapped}${how.spaces}`;
}

function spellIpv4(octets: readonly number[], how: Spelling, asMapped: boolean): string {
  if (asMapped) return spellIpv6([0, 0, 0, 0, 0, 0xffff, (octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!], how);
  const quad = dottedQuad(octets, how.octetPadding);
  return `${how.spaces}${how.wrapper === 'bracketed with port' ? `${quad}:${how.port}` : quad}${how.spaces}`;
}

const isMapped = (groups: readonly number[]) => groups.slice(0, 5).every((value) => value === 0) && groups[5] === 0xffff;
const prefixKey = (groups: readonly number[]) =>
  `${groups
    .slice(0, 4)
    .map((value) => value.toString(16))
    .join(':')}::`;

describe('clientKeyOf', () => {
  it('gives every spelling of one IPv4 address, mapped into IPv6 or not, one key: its dotted quad', () => {
    fc.assert(
      fc.property(ipv4, spelling, fc.boolean(), (octets, how, asMapped) => {
        expect(clientKeyOf(spellIpv4(octets, how, asMapped))).toBe(octets.join('.'));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives every spelling of every address in one IPv6 /64 one key', () => {
    fc.assert(
      fc.property(ipv6, fc.array(group, { minLength: 4, maxLength: 4 }), spelling, spelling, (groups, otherHost, how, otherHow) => {
        const neighbour = [...groups.slice(0, 4), ...otherHost];
        // The /64 of zeros holds the IPv4-mapped addresses (::ffff:0:0/96), each keyed as its IPv4 address.
        fc.pre(!isMapped(groups) && !isMapped(neighbour));
        const key = clientKeyOf(spellIpv6(groups, how));
        expect(key).toBe(prefixKey(groups));
        expect(clientKeyOf(spellIpv6(neighbour, otherHow))).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives different /64s, and different IPv4 addresses, different keys', () => {
    fc.assert(
      fc.property(ipv6, ipv6, spelling, (one, other, how) => {
        fc.pre(prefixKey(one) !== prefixKey(other) && !isMapped(one) && !isMapped(other));
        expect(clientKeyOf(spellIpv6(one, how))).not.toBe(clientKeyOf(spellIpv6(other, how)));
      }),
    );
    fc.assert(
      fc.property(ipv4, ipv4, spelling, fc.boolean(), (one, other, how, asMapped) => {
        fc.pre(one.join('.') !== other.join('.'));
        expect(clientKeyOf(spellIpv4(one, how, asMapped))).not.toBe(clientKeyOf(spellIpv4(other, how, asMapped)));
      }),
    );
    expect(clientKeyOf('::')).not.toBe(clientKeyOf('0.0.0.0'));
  });

  it('keys a key as itself, and anything else as nothing or a key', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[\d.:a-fA-F%[\] ]{0,40}$/)), (text) => {
        const key = clientKeyOf(text);
        if (key !== undefined) expect(clientKeyOf(key)).toBe(key);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads the spellings that were counted as ten clients as one', () => {
    expect(new Set(ONE_IPV4_SPELLINGS.map(clientKeyOf))).toEqual(new Set(['203.0.113.9']));
    expect(clientKeyOf('2001:DB8:0:7:1:2:3:4')).toBe('2001:db8:0:7::');
    expect(clientKeyOf('[fe80::1%25en0]:8080')).toBe('fe80:0:0:0::');
  });

  it('is nothing for what is not an address', () => {
    const garbage = [
      '',
      'unknown',
      'localhost',
      '_hidden',
      '203.0.113.256',
      '203.0.113',
      '203.0.113.9.1',
      '0x7f.0.0.1',
      '2130706433',
      '1::2::3',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      'g::1',
      ':1:2:3:4:5:6:7',
      '1.2.3.4::',
      '::1.2.3.4:5',
      '::ffff:203.0.113.9.1',
      '[::1',
      '[::1]:',
      '[203.0.113.9]',
      'fe80::1%',
      'fe80::1%a b',
      '203.0.113.9%eth0',
      '203.0.113.9, 198.51.100.1',
      '2001:db8::/64',
    ];
    for (const text of garbage) expect(clientKeyOf(text), text).toBeUndefined();
  });
});
