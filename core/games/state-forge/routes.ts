import { CACHE } from '../../http/cache.ts';
import { HttpError } from '../../http/problem.ts';
import { defineRoute } from '../../http/route.ts';
import { auditDefinition } from './audit.ts';
import { openCapsule, sealCapsule } from './capsule.ts';
import { stateForgeRules } from './describe.ts';
import { playCapsule, verifyForgeReceipt } from './evidence.ts';
import { CompileBodySchema, InspectBodySchema, PlayBodySchema, VerifyBodySchema } from './schema.ts';
import { CompileResponseSchema, InspectResponseSchema, PlayResponseSchema, RulesResponseSchema, VerifyResponseSchema } from './responses.ts';

const BASE = '/api/games/state-forge';

export const stateForgeRoutes = [
  defineRoute({
    method: 'GET',
    path: BASE,
    operationId: 'getStateForge',
    cache: CACHE.daily,
    summary: 'State Forge rules: the state-forge/1 DSL, its JSON Schema, the audit checks and the calls',
    responds: { body: RulesResponseSchema },
    handle: (_, arena) => stateForgeRules(arena.basePath),
  }),
  defineRoute({
    method: 'POST',
    path: `${BASE}/compile`,
    operationId: 'compileStateForgeGame',
    tool: { name: 'state_forge.compile', title: 'State Forge: compile a game' },
    summary: 'Audit a game definition and, when every check passes, sign it into a capsule',
    body: CompileBodySchema,
    responds: { body: CompileResponseSchema, problems: ['audit-failed'] },
    handle: async ({ body }, arena) => {
      const report = auditDefinition(body);
      if (!report.passed) {
        const failed = report.checks.filter((check) => !check.passed).map((check) => check.name);
        throw new HttpError('audit-failed', `the definition failed ${failed.join(', ')}`, {
          members: { audit: { passed: false, checks: report.checks } },
        });
      }
      const sealed = await sealCapsule(arena.tokens, report.definition, report.checks);
      return { ...sealed, id: report.definition.id, title: report.definition.title, audit: { passed: true, checks: report.checks } };
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${BASE}/inspect`,
    operationId: 'inspectStateForgeGame',
    tool: { name: 'state_forge.inspect', title: 'State Forge: inspect a capsule' },
    summary: 'Verify a capsule and show its definition, digests and audit',
    body: InspectBodySchema,
    responds: { body: InspectResponseSchema },
    handle: async ({ body }, arena) => {
      const { checks, ...capsule } = await openCapsule(arena.tokens, body.capsule);
      return { ...capsule, audit: { passed: true, checks } };
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${BASE}/play`,
    operationId: 'playStateForgeGame',
    tool: { name: 'state_forge.play', title: 'State Forge: play a capsule' },
    summary: 'Play a list of actions on a capsule: evidence, replay and a signed receipt',
    body: PlayBodySchema,
    responds: { body: PlayResponseSchema },
    handle: async ({ body }, arena) => playCapsule(arena, await openCapsule(arena.tokens, body.capsule), body.actions, body.player),
  }),
  defineRoute({
    method: 'POST',
    path: `${BASE}/verify`,
    operationId: 'verifyStateForgeRun',
    tool: { name: 'state_forge.verify', title: 'State Forge: verify a receipt' },
    summary: 'Verify a forge receipt offline: signature and checksum',
    body: VerifyBodySchema,
    responds: { body: VerifyResponseSchema },
    handle: ({ body }, arena) => verifyForgeReceipt(arena.tokens, body.receipt),
  }),
];
