/**
 * Exports take turns at the instance: one page of one export is read and made into lines at a
 * time, first come first served, and each turn is handed on only after the event loop has
 * served whatever else was waiting. However many exports run, an ordinary request waits for at
 * most the page being made, not for a page of each (a page of 200 attempts is a few
 * milliseconds), and the exports share what is left evenly.
 */
import { memorySlot } from '../instance-memory.ts';

export class ExportTurns {
  private taken = false;
  private readonly waiting: (() => void)[] = [];

  /** Runs `work` in its turn; refused with `signal`'s reason if the export ends while it waits. */
  async take<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.turn(signal);
    try {
      return await work();
    } finally {
      // A macrotask between turns: requests that arrived meanwhile are read and answered first.
      setTimeout(() => this.handOn(), 0);
    }
  }

  private turn(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (!this.taken) {
      this.taken = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        signal.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(start), 1);
        reject(signal.reason);
      };
      this.waiting.push(start);
      signal.addEventListener('abort', leave, { once: true });
    });
  }

  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.taken = false;
  }
}

export const EXPORT_TURNS = memorySlot('the turns this instance’s exports take at reading the store', () => new ExportTurns());
