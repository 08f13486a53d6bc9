import type { ArenaContext } from '../../context.ts';
import { checksumOfText } from '../../crypto/canonical-json.ts';
import { issueReceipt, receiptJwksLink, type Receipt } from '../../evidence/receipt.ts';
import type { AgentDeclaration } from '../../schema/declaration.ts';
import type { Direction } from './actions.ts';
import { canonicalResultText } from './canonical-result.ts';
import { receiptSummary, scoreRun, type PacketRunResult, type RunSetting } from './result.ts';

export type SignedPacketRunResult = PacketRunResult & { receipt: Receipt };

/** Scores a tape and attaches its receipt: the answer to every accepted run. */
export async function signedRun(arena: ArenaContext, setting: RunSetting, actions: Direction[], declaration?: AgentDeclaration): Promise<SignedPacketRunResult> {
  const result = scoreRun(setting, actions, declaration);
  const checksum = checksumOfText(canonicalResultText(result));
  const receipt = await issueReceipt(arena.tokens, checksum, receiptSummary(result), receiptJwksLink(arena.publicBase));
  return { ...result, receipt };
}
