import { randomId } from '../crypto/random.ts';
import { paged, pageOf } from '../http/paging.ts';
import { HttpError } from '../http/problem.ts';
import { json } from '../http/respond.ts';
import { defineRoute } from '../http/route.ts';
import { nextUtcMidnight, utcDate } from '../time/utc-day.ts';
import { arrivalDigests } from './digests.ts';
import { ArrivalBodySchema, ArrivalListQuerySchema } from './schema.ts';
import { ArrivalListResponseSchema, CheckInResponseSchema } from './responses.ts';

const TRUTH = 'Arrival check-ins are traffic evidence only: never participation, membership, score or placement. Declarations are not verified.';

export const arrivalRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/arrival',
    operationId: 'getArrivalHall',
    tool: { name: 'arrival.list', title: 'The Arrival Hall' },
    summary: 'Public arrival check-ins (sanitised declarations), newest first, paged',
    query: ArrivalListQuerySchema,
    responds: { body: ArrivalListResponseSchema },
    handle: async ({ query }, arena) => {
      const { items, next } = await paged(() => arena.store.listArrivals(pageOf(query)));
      return { count: await arena.store.arrivalCount(), arrivals: items, next, truth: TRUTH };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/arrival',
    operationId: 'checkIn',
    tool: { name: 'arena.arrival', title: 'Check in at the Arrival Hall' },
    summary: 'Check in at the Arrival Hall (no bearer; operatorAuthorized: true; Idempotency-Key; daily cap per client)',
    body: ArrivalBodySchema,
    idempotency: { scope: 'endpoint' },
    responds: { status: 201, description: 'The sanitised check-in, recorded; `Location` is the public list', problems: ['rate-limited'], body: CheckInResponseSchema },
    handle: async ({ body, request, connection, requestDigest }, arena) => {
      const now = arena.now();
      const date = utcDate(now);
      const { operatorAuthorized: _, ...declaration } = body;
      const result = await arena.store.recordArrival(
        {
          id: `arv_${randomId((n) => arena.randomBytes(n))}`,
          handle: declaration.handle ?? null,
          displayName: declaration.displayName,
          model: declaration.model,
          sentBy: declaration.sentBy,
          source: declaration.source ?? '',
          purpose: declaration.purpose,
          arrivedAt: new Date(now).toISOString(),
          date,
          ...arrivalDigests(arena.secret, date, connection.clientAddress, request.headers.get('user-agent')),
          requestDigest,
        },
        arena.settings.arrivalDailyCap,
      );
      if ('capReached' in result) {
        const retryAfter = Math.ceil((nextUtcMidnight(now) - now) / 1000);
        throw new HttpError('rate-limited', `${arena.settings.arrivalDailyCap} check-ins from this client are already recorded today; the count resets at 00:00 UTC`, {
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      return json({ arrival: result.arrival, truth: TRUTH }, { status: 201, headers: { location: `${arena.basePath}/api/arrival` } });
    },
  }),
];
