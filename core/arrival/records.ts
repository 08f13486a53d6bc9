/** Records of the Arrival Hall. Times are ISO 8601 UTC. */

export interface NewArrival {
  id: string;
  /** The sanitised public declaration. */
  handle: string | null;
  displayName: string;
  model: string;
  sentBy: string;
  source: string;
  purpose: string;
  arrivedAt: string;
  /** UTC date of arrival: the day the cap and the digests belong to. */
  date: string;
  /** HMAC digests (hex) of the client address and user-agent, keyed by that day's secret. */
  clientDigest: string;
  userAgentDigest: string;
}

/** What the public sees of an arrival: the declaration, never the digests. */
export type ArrivalRecord = Omit<NewArrival, 'clientDigest' | 'userAgentDigest' | 'date'>;
