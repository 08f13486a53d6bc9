import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../client/operations.ts';
import { arenaRoutes } from '../../core/route-table.ts';
import { generatedOperations } from './generate-operations.ts';

describe('the typed client’s operations (client/operations.ts)', () => {
  it('are generated from the route table: every route, its method, path, credential and durability, and its types', async () => {
    // `-u` writes the file afresh; without it, a stale file fails here with the difference.
    await expect(await generatedOperations()).toMatchFileSnapshot('../../client/operations.ts');
  }, 60_000);

  it('name every route of the table, once', () => {
    const routes = arenaRoutes(() => Promise.reject(new Error('not called')));
    expect(Object.keys(OPERATIONS)).toEqual(routes.map((route) => route.operationId));
    for (const route of routes) expect(OPERATIONS[route.operationId as keyof typeof OPERATIONS], route.operationId).toMatchObject({ method: route.method, path: route.path });
  });
});
