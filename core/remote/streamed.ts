/** Which routes answer a stream, which the bridges (MCP, A2A) never read whole. */
import type { Route } from '../http/route.ts';

/**
 * Media types answered as a stream, produced as the client reads it: the events never end, and an
 * export is as long as the records. A bridge reads an answer whole, so it reads none of these.
 */
const STREAMED_TYPES = ['text/event-stream', 'application/x-ndjson'];

/** Whether a media type (a `Content-Type`, parameters and all) is one answered as a stream. */
export function isStreamedType(type: string): boolean {
  return STREAMED_TYPES.includes(type.split(';')[0]!.trim().toLowerCase());
}

/** Whether `route` answers a stream (any of its media types). */
export function answersStream(route: Route): boolean {
  return [route.responds?.type ?? []].flat().some(isStreamedType);
}
