import { retryAfterOf } from './errors.ts';

/** When a call is sent again: only reads and durable writes, whose repeats cannot do twice what they do. */
export interface RetryPolicy {
  /** How many times such a call is sent at most, the first included (3 unless given). */
  attempts: number;
  /** The longest wait between two attempts, in seconds, whatever `Retry-After` asks (10 unless given). */
  maxWaitSeconds: number;
}

/**
 * Sends, and sends again (at most `attempts` times in all) when no answer came back, or the
 * arena said when to come back: a 409 with `Retry-After` (the same Idempotency-Key still in
 * flight) or a 503 with it (the database away). A lost answer waits a second before the next
 * attempt; a `Retry-After` waits what it says, within the policy's bound.
 */
export async function retrying(policy: RetryPolicy, attempts: number, signal: AbortSignal | undefined, send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    let answer: Response;
    try {
      answer = await send();
    } catch (error) {
      if (last || signal?.aborted) throw error;
      await pause(1, policy, signal);
      continue;
    }
    const retryAfter = answer.status === 409 || answer.status === 503 ? retryAfterOf(answer.headers) : undefined;
    if (retryAfter === undefined || last) return answer;
    await answer.body?.cancel();
    await pause(retryAfter, policy, signal);
  }
}

function pause(seconds: number, policy: RetryPolicy, signal: AbortSignal | undefined): Promise<void> {
  const milliseconds = Math.min(seconds, policy.maxWaitSeconds) * 1000;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, milliseconds);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
