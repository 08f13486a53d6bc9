import { dayDigester } from '../crypto/day-digest.ts';

/**
 * What is kept instead of the client address and user-agent: digests keyed for each UTC day
 * (see `dayDigester`), so a day's check-ins can be told apart and capped.
 */
export function arrivalDigests(secret: Uint8Array, date: string, clientAddress: string | undefined, userAgent: string | null) {
  const digest = dayDigester(secret, 'arrival', date);
  return { clientDigest: digest(`address|${clientAddress ?? 'unknown'}`), userAgentDigest: digest(`user-agent|${userAgent ?? ''}`) };
}
