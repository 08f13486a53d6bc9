import * as v from 'valibot';
import { Integer, NextCursor, Timestamp } from '../schema/response-parts.ts';

/** A check-in as the public sees it: the sanitised declaration, never the digests. */
const Arrival = v.object({
  id: v.string(),
  handle: v.nullable(v.string()),
  displayName: v.string(),
  model: v.string(),
  sentBy: v.string(),
  source: v.string(),
  purpose: v.string(),
  arrivedAt: Timestamp,
});

/** `POST /api/arrival`. */
export const CheckInResponseSchema = v.object({ arrival: Arrival, truth: v.string() });

/** `GET /api/arrival`. */
export const ArrivalListResponseSchema = v.object({ count: Integer, arrivals: v.array(Arrival), next: NextCursor, truth: v.string() });
