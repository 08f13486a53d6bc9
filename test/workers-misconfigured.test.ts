import { Miniflare } from 'miniflare';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleWorker } from './support/servers.ts';

/**
 * A Worker has no start to refuse: its bindings are read at the first request. One that does not
 * fit must say which binding and what form it takes (a 503 problem), never its value, instead of
 * the bare 500 every request used to get, and log it once.
 */
describe('a Worker whose bindings do not fit', () => {
  let miniflare: Miniflare | undefined;
  afterEach(async () => {
    await miniflare?.dispose();
    miniflare = undefined;
  });

  /** The Workers adapter in workerd, as startWorkers runs it, with its log lines kept (so the test stays quiet). */
  async function worker(bindings: Record<string, string>, d1Databases: string[] = ['DB']) {
    const logged: string[] = [];
    miniflare = new Miniflare({
      modules: true,
      scriptPath: await bundleWorker(),
      compatibilityDate: '2026-04-01',
      bindings: { ARENA_LOG_LEVEL: 'warn', ...bindings },
      d1Databases,
      structuredWorkerdLogs: true,
      handleStructuredLogs: ({ message }: { message: string }) => void logged.push(message),
    });
    const running = miniflare;
    // dispatchFetch answers with undici's Response, which is all these tests read.
    const get = async (path: string) => (await running.dispatchFetch(`http://arena.test${path}`)) as unknown as Response;
    const failures = () => logged.filter((line) => line.includes('"event":"failure"'));
    /**
     * The failure lines logged so far. workerd's log reaches miniflare on its own pipe, after the
     * answer at times: they are read once the first has come (or a few seconds have passed).
     */
    const lines = async () => {
      const deadline = Date.now() + 5_000;
      while (failures().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return failures();
    };
    return { get, lines };
  }

  async function expectMisconfigured(answer: Response, ...named: string[]) {
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await answer.json()) as { type: string; status: number; detail: string };
    expect(problem).toMatchObject({ type: '/problems/misconfigured', status: 503 });
    for (const text of named) expect(problem.detail).toContain(text);
    return problem;
  }

  it('answers 503 misconfigured naming ARENA_SIGNING_KEY and its form when the key is unset, on every route', async () => {
    const { get, lines } = await worker({});
    for (const path of ['/api/games', '/readyz', '/no-such-path']) {
      await expectMisconfigured(await get(path), 'ARENA_SIGNING_KEY must be set', '32 bytes in base64url (43 characters)');
    }
    expect(await lines()).toEqual([expect.stringContaining('ARENA_SIGNING_KEY must be set')]);
  });

  it('names a malformed key without echoing it, in the answer or the log', async () => {
    const value = 'not-a-key-but-secret-all-the-same';
    const { get, lines } = await worker({ ARENA_SIGNING_KEY: value });
    const problem = await expectMisconfigured(await get('/api/games'), 'ARENA_SIGNING_KEY must be 32 bytes in base64url');
    expect(JSON.stringify(problem)).not.toContain(value);
    const logged = await lines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain(value);
  });

  it('says so for a missing D1 binding too, and logs one line however many requests come', async () => {
    const { get, lines } = await worker({ ARENA_SIGNING_KEY: 'A'.repeat(43) }, []);
    for (let i = 0; i < 3; i++) await expectMisconfigured(await get('/api/games'), 'DB must be bound to a D1 database');
    expect(await lines()).toEqual([expect.stringContaining('DB must be bound to a D1 database')]);
  });
});
