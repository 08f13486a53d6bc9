/**
 * Wakes this instance's waiting event streams when this instance writes, so a stream need not
 * wait out its poll to send what was just written here. Writes by other instances (on one
 * PostgreSQL or D1) are found by the poll, so the bell only shortens waits: it is never needed
 * for correctness.
 */
import { memorySlot } from '../instance-memory.ts';

export class EventBell {
  /** Rung so far: a stream notes it before reading, so a write between its read and its wait is not slept through. */
  generation = 0;
  private waiters = new Set<() => void>();

  ring(): void {
    this.generation++;
    // Every answered write rings: with no stream waiting, that is all it costs.
    if (this.waiters.size === 0) return;
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }

  /** Resolves after `ms`, once rung after `seen`, or once `signal` aborts, whichever is first. */
  wait(seen: number, ms: number, signal: AbortSignal): Promise<void> {
    if (this.generation !== seen || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

export const EVENT_BELL = memorySlot('the bell that wakes this instance’s event streams after its writes', () => new EventBell());
