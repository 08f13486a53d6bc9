import { characterCount } from '../../schema/text.ts';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_EXCEPT_LINES, FORGE_LIMITS, ID_PATTERN, ID_REGEX } from './definition.ts';
import type { DraftDefinition } from './shape.ts';
import { member, quote } from './verdict.ts';

const CONTROL = new RegExp(`[${CONTROL_CHARACTERS}]`, 'u');
const CONTROL_EXCEPT_LINES = new RegExp(`[${CONTROL_CHARACTERS_EXCEPT_LINES}]`, 'u');

/** The `bounds` check over a draft whose types are right: every value out of bounds. */
export function boundsIssues(draft: DraftDefinition): string[] {
  const issues: string[] = [];
  const id = (value: string, path: string) => {
    if (!ID_REGEX.test(value)) issues.push(`${path}: ${quote(value)} does not match ${ID_PATTERN}`);
  };
  const text = (value: string, path: string, max: number, multiline = false) => {
    const problem = textProblem(value, max, multiline);
    if (problem) issues.push(`${path}: ${problem}`);
  };
  const integer = (value: number, path: string) => {
    if (!isValue(value)) issues.push(`${path}: must be an integer from ${FORGE_LIMITS.minValue} to ${FORGE_LIMITS.maxValue}, got ${value}`);
  };

  id(draft.id, 'id');
  text(draft.title, 'title', FORGE_LIMITS.maxTitleLength);
  if (draft.description !== undefined) text(draft.description, 'description', FORGE_LIMITS.maxDescriptionLength, true);
  for (const [index, state] of draft.states.entries()) {
    id(state.id, `states[${index}].id`);
    text(state.label, `states[${index}].label`, FORGE_LIMITS.maxLabelLength);
    if (state.score !== undefined) integer(state.score, `states[${index}].score`);
  }
  for (const [index, action] of draft.actions.entries()) {
    id(action.id, `actions[${index}].id`);
    text(action.label, `actions[${index}].label`, FORGE_LIMITS.maxLabelLength);
  }
  for (const [stateId, row] of draft.transitions) {
    for (const [actionId, move] of row) integer(move.reward, `${member(member('transitions', stateId), actionId)}.reward`);
  }
  if (!isMaxSteps(draft.maxSteps)) {
    issues.push(`maxSteps: must be an integer from ${FORGE_LIMITS.minMaxSteps} to ${FORGE_LIMITS.maxMaxSteps}, got ${draft.maxSteps}`);
  }
  return issues;
}

export function isMaxSteps(value: number): boolean {
  return Number.isInteger(value) && value >= FORGE_LIMITS.minMaxSteps && value <= FORGE_LIMITS.maxMaxSteps;
}

function isValue(value: number): boolean {
  return Number.isInteger(value) && value >= FORGE_LIMITS.minValue && value <= FORGE_LIMITS.maxValue;
}

/** What is wrong with a text field, or null: well-formed, no control characters, at most `max` code points. */
function textProblem(value: string, max: number, multiline: boolean): string | null {
  if (!value.isWellFormed()) return 'must be well-formed Unicode text (it holds a lone surrogate)';
  const control = (multiline ? CONTROL_EXCEPT_LINES : CONTROL).exec(value);
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return `must not contain control characters${multiline ? ' other than line feed and tab' : ''} (found U+${code})`;
  }
  const length = characterCount(value);
  return length > max ? `must be at most ${max} characters, got ${length}` : null;
}
