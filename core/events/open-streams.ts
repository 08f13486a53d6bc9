/**
 * The event streams this instance holds open: at most so many per client (the client's address,
 * held in memory only while its streams are open) and in all, and all of them ended when the
 * instance stops.
 */
import { memorySlot } from '../instance-memory.ts';

/** One open stream's hold on its client's allowance: `signal` aborts when it must end; `release` is idempotent. */
export interface StreamLease {
  signal: AbortSignal;
  release(): void;
}

export class OpenStreams {
  private perClient = new Map<string, number>();
  private open = new Set<AbortController>();

  /**
   * A lease for one more stream of `client`; refused when the client already holds `perClient`,
   * or the instance `inAll`. `opened` is told of it and gives what to call as it ends.
   */
  acquire(client: string, { perClient, inAll }: { perClient: number; inAll: number }, opened: () => () => void): StreamLease | 'client-full' | 'instance-full' {
    const held = this.perClient.get(client) ?? 0;
    if (held >= perClient) return 'client-full';
    if (this.open.size >= inAll) return 'instance-full';
    this.perClient.set(client, held + 1);
    const closed = opened();
    const ending = new AbortController();
    this.open.add(ending);
    let released = false;
    return {
      signal: ending.signal,
      release: () => {
        if (released) return;
        released = true;
        closed();
        this.open.delete(ending);
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
      },
    };
  }

  /** Ends every open stream (the instance is stopping): each client reconnects, with `Last-Event-ID`, elsewhere. */
  endAll(): void {
    for (const ending of [...this.open]) ending.abort();
  }
}

export const OPEN_STREAMS = memorySlot('the event streams this instance holds open, by client', () => new OpenStreams());
