import * as v from 'valibot';
import { ReceiptSchema } from '../../evidence/receipt.ts';
import { Integer, RequestLink, Timestamp } from '../../schema/response-parts.ts';
import { GameCatalogEntrySchema } from '../responses.ts';
import { CHECK_NAMES } from './checks.ts';
import { STATE_FORGE_FORMAT } from './definition.ts';
import { EvidenceSchema } from './evidence.ts';

/**
 * A definition in an answer. The API description replaces it with a reference to the published
 * `state-forge/1` schema (see openapi-definition.ts); this is its outline.
 */
export const DefinitionSchema = v.looseObject({
  format: v.literal(STATE_FORGE_FORMAT),
  id: v.string(),
  title: v.string(),
  description: v.optional(v.string()),
  states: v.array(v.looseObject({ id: v.string(), label: v.string() })),
  actions: v.array(v.looseObject({ id: v.string(), label: v.string() })),
  start: v.string(),
  transitions: v.record(v.string(), v.record(v.string(), v.looseObject({ to: v.string(), reward: Integer }))),
  maxSteps: Integer,
});

/** An audit that passed: every check by name. */
const PassedAudit = v.object({
  passed: v.literal(true),
  checks: v.array(v.object({ name: v.picklist(CHECK_NAMES), passed: v.boolean(), detail: v.string() })),
});

const Digests = { definitionDigest: v.string(), auditDigest: v.string() };

/** `POST /api/games/state-forge/compile`: the signed capsule and the audit that passed it. */
export const CompileResponseSchema = v.object({
  capsule: v.pipe(v.string(), v.description('A signed capsule token: send it to inspect and play')),
  capsuleId: v.string(),
  ...Digests,
  id: v.string(),
  title: v.string(),
  audit: PassedAudit,
});

/** `POST /api/games/state-forge/inspect`: what a capsule holds. */
export const InspectResponseSchema = v.object({
  capsuleId: v.string(),
  definition: DefinitionSchema,
  ...Digests,
  signedAt: Timestamp,
  audit: PassedAudit,
});

/** `POST /api/games/state-forge/play`: the evidence, its replay and the receipt over the evidence. */
export const PlayResponseSchema = v.object({
  evidence: EvidenceSchema,
  replay: v.array(
    v.object({
      step: Integer,
      event: v.picklist(['move', 'terminal', 'ignored']),
      action: v.string(),
      from: v.string(),
      to: v.string(),
      reward: Integer,
      terminalScore: Integer,
      score: Integer,
    }),
  ),
  receipt: ReceiptSchema,
});

/** `POST /api/games/state-forge/verify`: the evidence a receipt carries, verified. */
export const VerifyResponseSchema = v.object({ verified: v.literal(true), checksum: v.string(), signedAt: Timestamp, evidence: EvidenceSchema });

const Call = v.object({ ...RequestLink.entries, body: v.string(), returns: v.string() });

/** `GET /api/games/state-forge`: the catalog entry, the DSL with its JSON Schema, the audit and the calls. */
export const RulesResponseSchema = v.object({
  ...GameCatalogEntrySchema.entries,
  dsl: v.looseObject({
    format: v.literal(STATE_FORGE_FORMAT),
    limits: v.record(v.string(), v.union([v.number(), v.string()])),
    scoring: v.string(),
    neverCode: v.string(),
    jsonSchema: v.pipe(v.looseObject({ $schema: v.string(), $id: v.string() }), v.description('The state-forge/1 JSON Schema, whole')),
  }),
  audit: v.looseObject({ rule: v.string(), checks: v.array(v.object({ name: v.picklist(CHECK_NAMES), description: v.string() })) }),
  calls: v.object({ compile: Call, inspect: Call, play: Call, verify: Call }),
  capsule: v.string(),
  receipt: v.string(),
  retention: v.looseObject({ stored: v.boolean(), detail: v.string() }),
  example: DefinitionSchema,
});
