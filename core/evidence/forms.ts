import type { Tokens } from '../crypto/tokens.ts';
import { dateOfChallenge } from '../games/packet-run/daily-board.ts';
import type { ReceiptClaims } from '../games/packet-run/result.ts';
import { RESULT_MEMBERS, vouchedResult } from '../games/packet-run/vouched-result.ts';
import { openCapsule } from '../games/state-forge/capsule.ts';
import type { ForgeEvidence } from '../games/state-forge/evidence.ts';
import { playDefinition } from '../games/state-forge/play.ts';
import { OPTIONAL_UNSIGNED, UNSIGNED, isObject, type Difference, type Path } from './compare.ts';
import { refusalOf, type Opened } from './opened.ts';

/**
 * The forms a file of evidence takes (the arena's answers that hold a token, and what a client
 * keeps of them), each as the value its token vouches for. Every member a form shows is in it;
 * the few a token cannot vouch for are {@link UNSIGNED}, by name, here and nowhere else.
 */
export interface Expectation {
  /** What the form is, as a verdict names it. */
  form: string;
  /** The value every field of the file must equal. */
  expected: unknown;
  /** What is found wrong on the way to it (a run's result is told apart by its game's rules). */
  differences: Difference[];
  /** Checks beyond the token's own. */
  checked: string[];
  /** The members the form has, when `expected` holds the file's own (a result not told apart yet). */
  members?: string[];
}

type Json = Record<string, unknown>;
type Form = (file: Json) => Expectation | Promise<Expectation>;

/** Every form a file holding this token may take. */
export function formsOf(opened: Opened, tokens: Tokens): Form[] {
  switch (opened.game) {
    case 'packet-run': {
      const { claims } = opened;
      const receipt = receiptOf(opened.token, claims.checksum);
      const attempt = (file: unknown, at: Path) => leagueAttempt(claims, opened.token, receipt, file, at);
      const league: Form[] = [
        (file) => ({ form: 'a league attempt', ...attempt(file, []) }),
        (file) => answerHolding('a league submit answer', attempt(file.attempt, ['attempt']), { remainingAttempts: UNSIGNED }),
        (file) =>
          answerHolding('a league join answer', attempt(file.attempt, ['attempt']), {
            apiKey: UNSIGNED,
            keyGeneration: UNSIGNED,
            keyCreatedAt: UNSIGNED,
            keyNotice: UNSIGNED,
            created: UNSIGNED,
            agent: UNSIGNED,
            remainingAttempts: UNSIGNED,
          }),
      ];
      return [
        receiptObject(receipt),
        (file) => {
          const { receipt: _, registrationCapability: __, ...shown } = file;
          const vouched = vouchedResult(claims, shown, []);
          // A finished signed trial answers with a private registration capability beside its result.
          const capability = claims.mode === 'signed-trial' && claims.reachedExit ? { registrationCapability: OPTIONAL_UNSIGNED } : {};
          const expected = { ...(vouched.result as Json), receipt, ...capability };
          return { form: 'a Packet Run run', expected, differences: vouched.differences, checked: ['checksum'], members: [...RESULT_MEMBERS, 'receipt'] };
        },
        ...(claims.mode === 'daily-shared-league-board' ? league : []),
      ];
    }
    case 'triad-duel': {
      const receipt = receiptOf(opened.token, opened.checksum);
      return [
        receiptObject(receipt),
        () => ({ form: 'a Triad Duel reveal answer', expected: { ...opened.result, receipt, receiptToken: opened.token, watchUrl: UNSIGNED }, differences: [], checked: [] }),
        // A verify answer holds no token: it is checked with the one its request sent, beside it.
        () => ({
          form: 'a Triad Duel verify answer with its receiptToken',
          expected: { verified: true, checksum: opened.checksum, signedAt: opened.signedAt, ...opened.result, receiptToken: opened.token },
          differences: [],
          checked: [],
        }),
      ];
    }
    case 'state-forge':
      if (opened.kind === 'forge-receipt') {
        const receipt = receiptOf(opened.token, opened.checksum);
        return [receiptObject(receipt), (file) => forgePlay(tokens, opened.evidence, receipt, file)];
      } else {
        const { capsule } = opened;
        const audit = { passed: true, checks: capsule.checks };
        const digests = { capsuleId: capsule.capsuleId, definitionDigest: capsule.definitionDigest, auditDigest: capsule.auditDigest };
        return [
          () => ({
            form: 'a State Forge compile answer',
            expected: { capsule: opened.token, ...digests, id: capsule.definition.id, title: capsule.definition.title, audit },
            differences: [],
            checked: [],
          }),
          // An inspect answer holds no capsule: it is checked with the one its request sent, beside it.
          () => ({
            form: 'a State Forge inspect answer with its capsule',
            expected: { ...digests, definition: capsule.definition, signedAt: capsule.signedAt, audit, capsule: opened.token },
            differences: [],
            checked: [],
          }),
          // A play answer's capsule, its receipt gone: what the play signed is its receipt's to say.
          () => ({
            form: 'a State Forge play answer with its capsule',
            expected: { evidence: UNSIGNED, replay: UNSIGNED, capsule: opened.token },
            differences: [{ paths: ['receipt'], message: 'missing; a play is verified by its receipt' }],
            checked: [],
          }),
        ];
      }
  }
}

/** A receipt as every answer states it; `jwks` says where the keys are, and is no part of what was signed. */
function receiptOf(token: string, checksum: string) {
  return { checksum, token, canonicalization: 'RFC 8785', jwks: UNSIGNED };
}

function receiptObject(receipt: Json): Form {
  return () => ({ form: 'a receipt', expected: receipt, differences: [], checked: [] });
}

/**
 * A retained attempt as the league publishes it (its record, an export line): the run is its
 * `result`, and the record restates the run's summary. Its id, agent, kind, number, the agent's
 * handle, the time it was retained and its URL are the league's record, not the run's: no
 * receipt holds them.
 */
function leagueAttempt(claims: ReceiptClaims, token: string, receipt: Json, file: unknown, at: Path) {
  const given = isObject(file) && isObject(file.result) ? file.result : {};
  const { receipt: _, ...shown } = given;
  const vouched = vouchedResult(claims, shown, [...at, 'result']);
  const result = vouched.result as Json;
  const declared = isObject(result.declaration) ? result.declaration : {};
  const expected = {
    id: UNSIGNED,
    agentId: UNSIGNED,
    kind: UNSIGNED,
    challengeId: claims.challenge,
    date: dateOfChallenge(claims.challenge),
    number: UNSIGNED,
    actions: claims.actions,
    score: claims.total,
    reachedExit: claims.reachedExit,
    benchmark: claims.benchmark,
    checksum: claims.checksum,
    receiptToken: token,
    declaration: { handle: UNSIGNED, displayName: declared.name ?? null, model: declared.model ?? null, sentBy: declared.sentBy ?? null },
    createdAt: UNSIGNED,
    url: UNSIGNED,
    result: { ...result, receipt },
  };
  return { expected, differences: vouched.differences, checked: ['checksum'] };
}

function answerHolding(form: string, attempt: ReturnType<typeof leagueAttempt>, around: Json): Expectation {
  return { form, ...attempt, expected: { ...around, attempt: attempt.expected } };
}

/**
 * A State Forge play answer: the receipt signs the evidence, not the replay, which follows from
 * the capsule and the actions. With the capsule it was played on beside it (as the play request
 * sent it), the replay is played again and checked; without, it is unsigned.
 */
async function forgePlay(tokens: Tokens, evidence: ForgeEvidence, receipt: Json, file: Json): Promise<Expectation> {
  const alone = { form: 'a State Forge play answer', expected: { evidence, replay: UNSIGNED, receipt }, differences: [], checked: [] };
  if (!Object.hasOwn(file, 'capsule')) return alone;
  const form = 'a State Forge play answer with its capsule';
  const refused = (message: string) => ({ form, expected: { ...alone.expected, capsule: file.capsule }, differences: [{ paths: ['capsule'], message }], checked: [] });
  if (typeof file.capsule !== 'string') return refused('is not a capsule token');
  const capsule = await openCapsule(tokens, file.capsule).catch(refusalOf);
  if (typeof capsule === 'string') return refused(capsule);
  if (capsule.definitionDigest !== evidence.capsule.definitionDigest) return refused(`is not the capsule the receipt names (${evidence.capsule.definitionDigest})`);
  const played = playDefinition(capsule.definition, evidence.actions);
  if (!played.ok) return refused(`does not play the receipt's actions: ${played.error.message}`);
  return { form, expected: { evidence, replay: played.play.frames, receipt, capsule: file.capsule }, differences: [], checked: ['replay'] };
}
