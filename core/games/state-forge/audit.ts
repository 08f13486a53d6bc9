import { canonicalJson } from '../../crypto/canonical-json.ts';
import { boundsIssues, isMaxSteps } from './bounds.ts';
import { AUDIT_CHECKS, type AuditCheck, type CheckName } from './checks.ts';
import { checkCompleteTable, checkStartState, checkTerminalOutcomes, checkUniqueIds } from './consistency.ts';
import { FORGE_LIMITS, MAX_DEFINITION_BYTES, STATE_FORGE_FORMAT, type StateForgeDefinition } from './definition.ts';
import { checkConsequentialChoice, checkTerminalReachable, type StepGraph } from './graph.ts';
import { normalize } from './normalize.ts';
import { checkShape, isObject, own, type DraftDefinition } from './shape.ts';
import { fail, kindOf, notChecked, pass, quote, verdict, type Verdict } from './verdict.ts';

export { AUDIT_CHECKS, CHECK_NAMES, type AuditCheck, type CheckName } from './checks.ts';

/** Every check in order; when all pass, the typed definition too, so no caller parses again. */
export type AuditReport =
  | { readonly passed: true; readonly checks: readonly AuditCheck[]; readonly definition: StateForgeDefinition }
  | { readonly passed: false; readonly checks: readonly AuditCheck[] };

/**
 * Audits a submitted State Forge definition. Never throws, whatever the input: every check of
 * AUDIT_CHECKS is reported, in order, and a check whose prerequisites failed is reported as
 * failed with "not checked: requires …". Dependencies are kept as narrow as possible so that a
 * definition breaking one rule fails that rule's check and, at most, checks not evaluated.
 */
export function auditDefinition(input: unknown): AuditReport {
  const verdicts = new Map<CheckName, Verdict>();
  const record = (name: CheckName, result: Verdict) => verdicts.set(name, result);
  const passed = (name: CheckName) => verdicts.get(name)?.passed === true;
  /** The failed prerequisites among `names`, for "not checked: requires …". */
  const missing = (...names: CheckName[]) => names.filter((name) => !passed(name));

  record('format', checkFormat(input));
  const shape = checkShape(input);
  const draft = shape.draft;
  record('shape', verdict(shape.issues, 'every required field is present with the right JSON type, and no property is unknown'));
  record('bounds', draft ? verdict(boundsIssues(draft), 'ids, texts, rewards, scores and maxSteps are within bounds') : notChecked(['shape']));
  record('size', checkSize(input));
  // The counts need only their array, so they are judged even when the rest is malformed.
  const list = (key: string) => (isObject(input) && Array.isArray(own(input, key)) ? (own(input, key) as unknown[]) : undefined);
  record('state-count', checkCount(list('states'), 'state', FORGE_LIMITS.minStates, FORGE_LIMITS.maxStates));
  record('action-count', checkCount(list('actions'), 'action', FORGE_LIMITS.minActions, FORGE_LIMITS.maxActions));
  record('unique-ids', draft ? checkUniqueIds(draft) : notChecked(['shape']));
  const withUniqueIds = (check: (draft: DraftDefinition) => Verdict) => (draft && passed('unique-ids') ? check(draft) : notChecked(missing('shape', 'unique-ids')));
  record('start-state', withUniqueIds(checkStartState));
  record('terminal-outcomes', draft ? checkTerminalOutcomes(draft) : notChecked(['shape']));
  record('complete-table', withUniqueIds(checkCompleteTable));

  // Reachability walks the table from start, at most maxSteps steps deep.
  const walkBlockers = [...missing('start-state', 'complete-table'), ...(draft && isMaxSteps(draft.maxSteps) ? [] : ['bounds (maxSteps)'])];
  const walk = draft && walkBlockers.length === 0 ? { graph: stepGraph(draft), maxSteps: draft.maxSteps } : undefined;
  record('terminal-reachable', walk ? checkTerminalReachable(walk.graph, walk.maxSteps) : notChecked(walkBlockers));
  // Fewer than two actions leave no choice at all: that is action-count's failure, not this one's.
  const choiceBlockers = [...missing('action-count'), ...walkBlockers];
  record('consequential-choice', walk && choiceBlockers.length === 0 ? checkConsequentialChoice(walk.graph, walk.maxSteps) : notChecked(choiceBlockers));

  const checks = AUDIT_CHECKS.map(({ name }): AuditCheck => ({ name, ...verdicts.get(name)! }));
  if (draft && checks.every((check) => check.passed)) return { passed: true, checks, definition: normalize(draft) };
  return { passed: false, checks };
}

function checkFormat(input: unknown): Verdict {
  if (!isObject(input)) return fail([`the definition must be an object with format ${quote(STATE_FORGE_FORMAT)}`]);
  if (!Object.hasOwn(input, 'format')) return fail([`format: is required and must be ${quote(STATE_FORGE_FORMAT)}`]);
  const format = own(input, 'format');
  if (format === STATE_FORGE_FORMAT) return pass(`format is ${quote(STATE_FORGE_FORMAT)}`);
  const got = typeof format === 'string' ? quote(format) : kindOf(format);
  return fail([`format: must be ${quote(STATE_FORGE_FORMAT)}, got ${got}`]);
}

/** `size`: the UTF-8 bytes of the canonical JSON, which is what a signed capsule will carry. */
function checkSize(input: unknown): Verdict {
  let text: string;
  try {
    text = canonicalJson(input);
  } catch (error) {
    // Only a lone surrogate, a non-finite number or a non-JSON value gets here, and another
    // check (shape, bounds, start-state or complete-table) names where it is. Junk nested deep
    // enough to exhaust the stack is caught the same way, and shape names the junk.
    const reason = error instanceof Error ? error.message : 'not a JSON value';
    return { passed: false, detail: `not checked: requires a definition with an RFC 8785 canonical JSON form (${reason})` };
  }
  const bytes = new TextEncoder().encode(text).byteLength;
  const summary = `canonical JSON is ${bytes} bytes; the limit is ${MAX_DEFINITION_BYTES}`;
  return bytes <= MAX_DEFINITION_BYTES ? pass(summary) : fail([summary]);
}

function checkCount(items: unknown[] | undefined, noun: string, min: number, max: number): Verdict {
  if (!items) return notChecked(['shape']);
  const summary = `${items.length} ${noun}s; ${min} to ${max} are allowed`;
  return items.length >= min && items.length <= max ? pass(summary) : fail([summary]);
}

/** The walkable view of a draft whose start state and table passed their checks. */
function stepGraph(draft: DraftDefinition): StepGraph {
  const terminal = new Set(draft.states.filter((state) => state.terminal).map((state) => state.id));
  return {
    start: draft.start,
    actionIds: draft.actions.map((action) => action.id),
    isTerminal: (stateId) => terminal.has(stateId),
    next: (stateId, actionId) => draft.transitions.get(stateId)!.get(actionId)!,
  };
}
