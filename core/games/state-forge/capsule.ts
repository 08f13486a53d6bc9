import * as v from 'valibot';
import { checksumOf } from '../../crypto/canonical-json.ts';
import type { Tokens } from '../../crypto/tokens.ts';
import { HttpError } from '../../http/problem.ts';
import { verifyTokenField } from '../../http/verify-token.ts';
import { auditDefinition, type AuditCheck } from './audit.ts';
import type { StateForgeDefinition } from './definition.ts';

/**
 * A capsule is a signed `capsule+jwt` that never expires, holding the canonical definition and
 * the digest of the audit that passed it. Anyone holding one can play it; nothing is stored.
 */
export interface OpenedCapsule {
  capsuleId: string;
  definition: StateForgeDefinition;
  definitionDigest: string;
  auditDigest: string;
  checks: readonly AuditCheck[];
  signedAt: string;
}

const CapsuleClaimsSchema = v.object({
  capsuleId: v.string(),
  definition: v.unknown(),
  definitionDigest: v.string(),
  auditDigest: v.string(),
});

/**
 * The audit digest covers which checks ran and that each passed, not their wording, so a
 * clearer message in a later release does not void capsules; a new rule does.
 */
export function auditDigestOf(checks: readonly AuditCheck[]): string {
  return checksumOf(checks.map(({ name, passed }) => ({ name, passed })));
}

/** `forge-` + the first 16 hex digits of the definition digest: the same game, the same id. */
export function capsuleIdOf(definitionDigest: string): string {
  return `forge-${definitionDigest.slice('sha256:'.length, 'sha256:'.length + 16)}`;
}

export async function sealCapsule(tokens: Tokens, definition: StateForgeDefinition, checks: readonly AuditCheck[]) {
  const definitionDigest = checksumOf(definition);
  const auditDigest = auditDigestOf(checks);
  const capsuleId = capsuleIdOf(definitionDigest);
  const capsule = await tokens.sign('capsule', { capsuleId, definition, definitionDigest, auditDigest });
  return { capsule, capsuleId, definitionDigest, auditDigest };
}

/**
 * Verifies a capsule and audits its definition again: a capsule signed by an earlier release
 * under other rules is refused rather than played under rules it never passed.
 */
export async function openCapsule(tokens: Tokens, token: string): Promise<OpenedCapsule> {
  const claims = await verifyTokenField(tokens, 'capsule', token, 'capsule');
  const parsed = v.safeParse(CapsuleClaimsSchema, claims);
  const report = parsed.success ? auditDefinition(parsed.output.definition) : undefined;
  // Each digest once: a definition's canonical JSON and hash cost as much as its audit.
  const definitionDigest = report?.passed ? checksumOf(report.definition) : undefined;
  const auditDigest = report?.passed ? auditDigestOf(report.checks) : undefined;
  if (!parsed.success || !report?.passed || definitionDigest !== parsed.output.definitionDigest || auditDigest !== parsed.output.auditDigest) {
    throw new HttpError('invalid-token', 'capsule: its definition no longer passes this release’s audit; compile it again', {
      errors: [{ path: 'capsule', message: 'the capsule does not carry an audited definition of this release' }],
    });
  }
  return {
    capsuleId: capsuleIdOf(definitionDigest),
    definition: report.definition,
    definitionDigest,
    auditDigest,
    checks: report.checks,
    signedAt: new Date(claims.iat * 1000).toISOString(),
  };
}
