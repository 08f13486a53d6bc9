/**
 * One client is one client to every per-client count, however its address is spelled: the
 * hourly budget of anonymous writes, the check-ins of a day and the open event streams key an
 * IPv4 address by itself (mapped into IPv6 or not) and an IPv6 address by its /64. In process,
 * where an adapter's address reaches the core; then through the adapters that read
 * `X-Forwarded-For` behind a trusted proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArena, encodeBase64Url, randomSeed, type ArenaOptions } from '../core/index.ts';
import { openMemoryStore } from './support/fixtures/memory-store.ts';
import { freshKey } from './support/fixtures/league.ts';
import { client } from './support/http.ts';
import { startArena, type RunningArena } from './support/servers.ts';
import { ONE_IPV4_SPELLINGS } from './support/fixtures/address-spellings.ts';

const CHECK_IN = { displayName: 'Spelled', model: 'unknown', sentBy: 'a test', purpose: 'Counting spellings.', operatorAuthorized: true };

/** Ten addresses of one /64, variously spelled. */
const ONE_SLASH_64 = Array.from({ length: 10 }, (_, index) => (index % 2 ? `2001:DB8:0:7:${index}::1` : `[2001:db8::7:${index.toString(16)}:0:0:${index}]:80`));

async function arenaWith(options: Partial<ArenaOptions>) {
  const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore(), ...options });
  const checkIn = async (address: string) => {
    const request = new Request('http://arena.test/api/arrival', {
      method: 'POST',
      body: JSON.stringify(CHECK_IN),
      headers: { 'content-type': 'application/json', 'idempotency-key': freshKey() },
    });
    return (await arena.fetch(request, { clientAddress: address })).status;
  };
  return { arena, checkIn };
}

describe('the core keys each client once, whatever the spelling of its address', () => {
  it('keeps a daily cap of check-ins for ten spellings of one IPv4 address, and for ten addresses of one /64', async () => {
    const { arena, checkIn } = await arenaWith({ arrivalDailyCap: 2, anonymousWritesPerHour: 0 });
    const statuses = [];
    for (const address of ONE_IPV4_SPELLINGS) statuses.push(await checkIn(address));
    expect(statuses).toEqual([201, 201, ...Array(8).fill(429)]);
    const sixFour = [];
    for (const address of ONE_SLASH_64) sixFour.push(await checkIn(address));
    expect(sixFour).toEqual([201, 201, ...Array(8).fill(429)]);
    // Another /64, and another IPv4 address, are other clients.
    expect(await checkIn('2001:db8:0:8::1')).toBe(201);
    expect(await checkIn('203.0.113.10')).toBe(201);
    const hall = await arena.fetch(new Request('http://arena.test/api/arrival'));
    expect((await hall.json()).count).toBe(6);
  });

  it('charges ten spellings to one hourly budget of anonymous writes', async () => {
    const { checkIn } = await arenaWith({ arrivalDailyCap: 100, anonymousWritesPerHour: 3 });
    const statuses = [];
    for (const address of ONE_IPV4_SPELLINGS) statuses.push(await checkIn(address));
    expect(statuses).toEqual([201, 201, 201, ...Array(7).fill(429)]);
  });

  it('counts whatever is not an address as one client, the unknown one', async () => {
    const { checkIn } = await arenaWith({ arrivalDailyCap: 2, anonymousWritesPerHour: 0 });
    const statuses = [];
    for (const garbage of ['unknown', 'client-1', 'client-2', '203.0.113.256', '::g', '']) statuses.push(await checkIn(garbage));
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
  });

  it('holds the open event streams of one client to its bound, whatever the spelling', async () => {
    const { arena } = await arenaWith({ events: { streamsPerClient: 1 } });
    const open = (address: string) => arena.fetch(new Request('http://arena.test/api/events'), { clientAddress: address });
    const first = await open('::ffff:cb00:7109');
    expect(first.status).toBe(200);
    expect((await open('203.0.113.9')).status).toBe(429);
    const other = await open('203.0.113.10');
    expect(other.status).toBe(200);
    for (const answer of [first, other]) await answer.body!.cancel();
  });
});

/** Node, Bun and Deno read the client from `X-Forwarded-For` behind a trusted proxy (Workers from Cloudflare's own header). */
describe.each(['node', 'bun', 'deno'] as const)('behind a trusted proxy on %s', (runtime) => {
  let arena: RunningArena | undefined;
  const api = client(() => arena!.baseUrl);
  beforeAll(async () => {
    arena = await startArena(runtime, { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_TRUST_PROXY: '1', ARENA_ARRIVAL_DAILY_CAP: '2' });
  });
  afterAll(async () => arena?.stop());

  const checkIn = async (forwarded: string) => (await api.postJson('/api/arrival', CHECK_IN, { 'idempotency-key': freshKey(), 'x-forwarded-for': forwarded })).status;

  it('counts ten spellings of one address as one client, and garbage hops as the proxy', async () => {
    const statuses = [];
    for (const address of ONE_IPV4_SPELLINGS) statuses.push(await checkIn(`198.51.100.1, ${address}`));
    expect(statuses).toEqual([201, 201, ...Array(8).fill(429)]);
    // A hop that is not an address is not a new client each time: the proxy (the peer) is.
    const garbage = [];
    for (const hop of ['unknown', 'client-1', 'client-2', 'not an address']) garbage.push(await checkIn(hop));
    expect(garbage).toEqual([201, 201, 429, 429]);
    expect((await api.get('/api/arrival')).body.count).toBe(4);
  });
});
