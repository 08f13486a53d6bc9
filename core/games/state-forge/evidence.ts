import * as v from 'valibot';
import type { ArenaContext } from '../../context.ts';
import { checksumOf } from '../../crypto/canonical-json.ts';
import type { Tokens } from '../../crypto/tokens.ts';
import { issueReceipt, receiptJwksLink } from '../../evidence/receipt.ts';
import { HttpError } from '../../http/problem.ts';
import { verifyTokenField } from '../../http/verify-token.ts';
import { AgentDeclarationSchema, declarationOrNull, type AgentDeclaration } from '../../schema/declaration.ts';
import type { OpenedCapsule } from './capsule.ts';
import { playDefinition } from './play.ts';
import { OUTCOMES } from './definition.ts';

export const GAME_VERSION = '1.0.0';

/**
 * What a forge receipt checksums and carries: which capsule (by definition digest), who
 * played, the actions and the outcome. The replay is left out of the token to keep it small;
 * it follows deterministically from the capsule and the actions, which play reproduces.
 */
export const EvidenceSchema = v.pipe(
  v.object({
    game: v.literal('state-forge'),
    version: v.string(),
    capsule: v.object({ id: v.string(), gameId: v.string(), title: v.string(), definitionDigest: v.string() }),
    player: v.nullable(AgentDeclarationSchema),
    actions: v.array(v.string()),
    finished: v.boolean(),
    finalState: v.string(),
    outcome: v.nullable(v.picklist(OUTCOMES)),
    rewards: v.number(),
    terminalScore: v.number(),
    score: v.number(),
    usedActions: v.number(),
    ignoredActions: v.number(),
  }),
  v.title('StateForgeEvidence'),
);
export type ForgeEvidence = v.InferOutput<typeof EvidenceSchema>;

/** Plays actions on an opened capsule: the evidence, the replay and a receipt over the evidence. */
export async function playCapsule(arena: ArenaContext, capsule: OpenedCapsule, actions: string[], player?: AgentDeclaration) {
  const played = playDefinition(capsule.definition, actions);
  if (!played.ok) {
    const path = played.error.code === 'unknown-action' ? `actions.${played.error.index}` : 'actions';
    throw new HttpError('invalid-request', `invalid body: ${path}: ${played.error.message}`, { errors: [{ path, message: played.error.message }] });
  }
  const { frames, ...outcome } = played.play;
  const evidence: ForgeEvidence = {
    game: 'state-forge',
    version: GAME_VERSION,
    capsule: { id: capsule.capsuleId, gameId: capsule.definition.id, title: capsule.definition.title, definitionDigest: capsule.definitionDigest },
    player: declarationOrNull(player),
    actions,
    ...outcome,
  };
  const receipt = await issueReceipt(arena.tokens, checksumOf(evidence), { game: 'state-forge', evidence }, receiptJwksLink(arena.publicBase), 'forge-receipt');
  return { evidence, replay: frames, receipt };
}

/** Verifies a forge receipt with no storage: its signature, and that the checksum matches. */
export async function verifyForgeReceipt(tokens: Tokens, token: string) {
  const claims = await verifyTokenField(tokens, 'forge-receipt', token, 'receipt');
  const parsed = v.safeParse(v.object({ checksum: v.string(), evidence: EvidenceSchema }), claims);
  if (!parsed.success || checksumOf(parsed.output.evidence) !== parsed.output.checksum) {
    throw new HttpError('invalid-token', 'receipt: the checksum does not match the evidence it carries', {
      errors: [{ path: 'receipt', message: 'checksum mismatch' }],
    });
  }
  return { verified: true as const, checksum: parsed.output.checksum, signedAt: new Date(claims.iat * 1000).toISOString(), evidence: parsed.output.evidence };
}
