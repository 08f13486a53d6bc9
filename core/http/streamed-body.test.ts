import { describe, expect, it } from 'vitest';
import { streamedBody } from './streamed-body.ts';

/** Chunks that wait to be let through one at a time, noting whether they were given up. */
function heldChunks(count: number) {
  const gates: (() => void)[] = [];
  const state = { finished: false };
  async function* chunks(): AsyncGenerator<string> {
    try {
      for (let i = 0; i < count; i++) {
        await new Promise<void>((resolve) => gates.push(resolve));
        yield `chunk ${i}\n`;
      }
    } finally {
      state.finished = true;
    }
  }
  /** Settles once the next chunk is being made (the runtime asks for a chunk a moment after a read). */
  const waiting = async () => {
    while (gates.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  };
  const letOneThrough = async () => {
    await waiting();
    gates.shift()!();
  };
  return { chunks: chunks(), waiting, letOneThrough, state };
}

describe('a streamed body whose client goes away', () => {
  it('is not a failure when the client goes while a chunk is being made: the chunk is dropped and the chunks given up', async () => {
    const { chunks, waiting, letOneThrough, state } = heldChunks(3);
    const failures: unknown[] = [];
    let told = 0;
    const reader = streamedBody(
      chunks,
      (error) => failures.push(error),
      () => told++,
    ).getReader();
    const first = reader.read();
    await letOneThrough();
    expect(new TextDecoder().decode((await first).value)).toBe('chunk 0\n');
    // The runtime asks for the next chunk, then the client goes while it is being made.
    const second = reader.read();
    await waiting();
    const cancelled = reader.cancel();
    expect(await second).toEqual({ done: true, value: undefined });
    expect(told).toBe(1);
    await letOneThrough();
    await cancelled;
    expect(state.finished).toBe(true);
    expect(failures).toEqual([]);
  });

  it('is not a failure when the chunks end after the client went', async () => {
    const { chunks, waiting, letOneThrough, state } = heldChunks(1);
    const failures: unknown[] = [];
    const reader = streamedBody(chunks, (error) => failures.push(error)).getReader();
    const first = reader.read();
    await waiting();
    const cancelled = reader.cancel();
    await first;
    await letOneThrough();
    await cancelled;
    expect(state.finished).toBe(true);
    expect(failures).toEqual([]);
  });

  it('still reports chunks that fail while the client reads, and ends the body with the failure', async () => {
    const failure = new Error('the store broke');
    async function* failing(): AsyncGenerator<string> {
      yield 'one\n';
      throw failure;
    }
    const failures: unknown[] = [];
    const reader = streamedBody(failing(), (error) => failures.push(error)).getReader();
    expect((await reader.read()).done).toBe(false);
    await expect(reader.read()).rejects.toBe(failure);
    expect(failures).toEqual([failure]);
  });
});
