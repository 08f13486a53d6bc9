import { describe, expect, it } from 'vitest';
import { clientAddress } from '../adapters/client-address.ts';

const request = (forwarded?: string) => new Request('http://arena.test/api/arrival', forwarded === undefined ? {} : { headers: { 'x-forwarded-for': forwarded } });

describe('clientAddress', () => {
  it('is the socket peer unless the operator trusts a proxy', () => {
    expect(clientAddress(request('198.51.100.7'), '10.0.0.2', false)).toBe('10.0.0.2');
    expect(clientAddress(request(), '10.0.0.2', true)).toBe('10.0.0.2');
    expect(clientAddress(request(' , '), '10.0.0.2', true)).toBe('10.0.0.2');
  });

  it('behind a trusted proxy, is the hop that proxy appended, not one the client wrote', () => {
    expect(clientAddress(request('203.0.113.9'), '10.0.0.2', true)).toBe('203.0.113.9');
    expect(clientAddress(request('198.51.100.1, 203.0.113.9'), '10.0.0.2', true)).toBe('203.0.113.9');
    expect(clientAddress(request('198.51.100.1,203.0.113.9 '), undefined, true)).toBe('203.0.113.9');
    expect(clientAddress(request('[2001:db8::7]:443'), '10.0.0.2', true)).toBe('[2001:db8::7]:443');
  });

  it('behind a trusted proxy, is the peer when the last hop is not an address: garbage names no new client', () => {
    for (const forwarded of ['unknown', 'client-7', '203.0.113.9, nonsense', '203.0.113.256', '203.0.113.9,', '_hidden']) {
      expect(clientAddress(request(forwarded), '10.0.0.2', true), forwarded).toBe('10.0.0.2');
    }
  });
});
