/**
 * Long-lived answers (event streams, exports): how many an instance holds open, at most so many
 * per client (the client's address, held in memory only while its answers are open) and in all,
 * and their bodies, which let go of their place and their work the moment their client goes.
 */
import { streamedBody } from './streamed-body.ts';

/** One open answer's hold on its client's allowance: `signal` aborts when it must end; `release` and `end` are idempotent. */
export interface AnswerLease {
  signal: AbortSignal;
  release(): void;
  /** Aborts `signal` and releases: the answer's client went, or the instance is stopping. */
  end(): void;
}

export class OpenAnswers {
  private perClient = new Map<string, number>();
  private open = new Set<AnswerLease>();

  /**
   * A lease for one more answer of `client`; refused when the client already holds `perClient`,
   * or the instance `inAll`. `opened` is told of it and gives what to call as it ends.
   */
  acquire(client: string, { perClient, inAll }: { perClient: number; inAll: number }, opened: () => () => void = () => () => {}): AnswerLease | 'client-full' | 'instance-full' {
    const held = this.perClient.get(client) ?? 0;
    if (held >= perClient) return 'client-full';
    if (this.open.size >= inAll) return 'instance-full';
    this.perClient.set(client, held + 1);
    const closed = opened();
    const ending = new AbortController();
    let released = false;
    const lease: AnswerLease = {
      signal: ending.signal,
      release: () => {
        if (released) return;
        released = true;
        closed();
        this.open.delete(lease);
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
      },
      end: () => {
        ending.abort();
        lease.release();
      },
    };
    this.open.add(lease);
    return lease;
  }

  /** Ends every open answer (the instance is stopping): each client resumes, or asks again, elsewhere. */
  endAll(): void {
    for (const lease of [...this.open]) lease.end();
  }
}

/**
 * The body of an answer that holds `lease`, made by `chunks` as the client reads it. Their
 * `signal` (the lease's) aborts when the client goes (the runtime tells `request.signal`, or
 * cancels the body: every runtime does one) or the lease is ended, which must wake work waiting
 * for its next chunk at once; the lease is released however the body ends, or as soon as the
 * client goes. One signal per answer, listened to by its own work only: no `AbortSignal.any`,
 * whose followers cost every open answer memory and the collector work.
 */
export function heldBody(
  request: Request,
  lease: AnswerLease,
  chunks: (signal: AbortSignal) => AsyncGenerator<string | Uint8Array>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const gone = request.signal;
  // A client that went while the answer was being opened has aborted it already.
  if (gone?.aborted) lease.end();
  else gone?.addEventListener('abort', lease.end, { once: true });
  return streamedBody(chunks(lease.signal), onError, lease.end, lease.release);
}
