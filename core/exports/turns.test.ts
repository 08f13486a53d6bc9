import { describe, expect, it } from 'vitest';
import { ExportTurns } from './turns.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('exports taking turns', () => {
  it('runs one turn at a time, first come first served', async () => {
    const turns = new ExportTurns();
    const log: string[] = [];
    let running = 0;
    const work = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`${name} starts`);
      await tick();
      await tick();
      log.push(`${name} ends`);
      running--;
      return name;
    };
    const never = new AbortController().signal;
    const done = await Promise.all(['a', 'b', 'c'].map((name) => turns.take(never, work(name))));
    expect(done).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('lets what arrived during a turn run before the next turn starts', async () => {
    const turns = new ExportTurns();
    const log: string[] = [];
    const never = new AbortController().signal;
    const first = turns.take(never, async () => {
      // A request arriving while a page is made: its callback is queued behind the page.
      setTimeout(() => log.push('request answered'), 0);
      log.push('page 1');
    });
    const second = turns.take(never, async () => {
      log.push('page 2');
    });
    await Promise.all([first, second]);
    expect(log).toEqual(['page 1', 'request answered', 'page 2']);
  });

  it('drops an export that ends while it waits, and the turns go on without it', async () => {
    const turns = new ExportTurns();
    const never = new AbortController().signal;
    let release!: () => void;
    const holding = turns.take(never, () => new Promise<void>((resolve) => (release = resolve)));
    const leaving = new AbortController();
    const waiting = turns.take(leaving.signal, async () => 'should not run');
    const after = turns.take(never, async () => 'ran');
    leaving.abort(new Error('the client went'));
    await expect(waiting).rejects.toThrow('the client went');
    release();
    await holding;
    expect(await after).toBe('ran');
    // A turn given up is no turn lost: the next export starts at once.
    expect(await turns.take(never, async () => 'next')).toBe('next');
  });

  it('refuses at once an export that has already ended', async () => {
    const turns = new ExportTurns();
    const ended = AbortSignal.abort(new Error('gone before it asked'));
    await expect(turns.take(ended, async () => 'never')).rejects.toThrow('gone before it asked');
  });

  it('hands the turn on when the work fails', async () => {
    const turns = new ExportTurns();
    const never = new AbortController().signal;
    await expect(
      turns.take(never, async () => {
        throw new Error('the store failed');
      }),
    ).rejects.toThrow('the store failed');
    expect(await turns.take(never, async () => 'next')).toBe('next');
  });
});
