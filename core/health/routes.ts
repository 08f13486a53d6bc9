import { storageUnavailable } from '../http/refusals.ts';
import { defineRoute } from '../http/route.ts';
import { LivenessResponseSchema, ReadinessResponseSchema } from './responses.ts';

/**
 * Probes for whatever runs the arena (an orchestrator, a load balancer, a container's
 * HEALTHCHECK): liveness touches nothing, readiness reaches the database.
 */
export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/healthz',
    operationId: 'checkLiveness',
    summary: 'Liveness: the process answers (storage is not consulted)',
    responds: { body: LivenessResponseSchema },
    handle: () => ({ status: 'ok' as const }),
  }),
  defineRoute({
    method: 'GET',
    path: '/readyz',
    operationId: 'checkReadiness',
    summary: 'Readiness: storage is reachable and migrated; 503 with Retry-After otherwise',
    responds: { body: ReadinessResponseSchema, problems: ['storage-unavailable'] },
    handle: async (_, arena) => {
      const { applied, pending } = await arena.store.schemaState();
      if (pending.length > 0) throw storageUnavailable(`the database lacks ${pending.length} migration(s) this instance expects (${pending.join(', ')}); run \`npm run migrate\``);
      return { status: 'ready' as const, migrations: applied };
    },
  }),
];
