import { FORGE_LIMITS as L, ID_PATTERN, MAX_DEFINITION_BYTES, STATE_FORGE_FORMAT } from './definition.ts';

/**
 * The audit's checks, in the fixed order every report lists them. A check that depends on
 * an earlier one that failed still appears, failed, with a detail "not checked: requires …".
 */
export const AUDIT_CHECKS = [
  { name: 'format', description: `format is "${STATE_FORGE_FORMAT}".` },
  {
    name: 'shape',
    description:
      'The definition is an object; every required field (all but description; format is its own check) is present with the right JSON type; states, actions and transitions are made of the right objects; terminal, when present, is true and outcome is win, lose or draw; no unknown property anywhere.',
  },
  {
    name: 'bounds',
    description: `Ids match ${ID_PATTERN}; labels (at most ${L.maxLabelLength} characters), title (${L.maxTitleLength}) and description (${L.maxDescriptionLength}, may hold line feeds and tabs) are well-formed text without control characters; rewards and scores are integers from ${L.minValue} to ${L.maxValue}; maxSteps is an integer from ${L.minMaxSteps} to ${L.maxMaxSteps}.`,
  },
  { name: 'size', description: `The RFC 8785 canonical JSON of the definition is at most ${MAX_DEFINITION_BYTES} UTF-8 bytes.` },
  { name: 'state-count', description: `There are ${L.minStates} to ${L.maxStates} states.` },
  { name: 'action-count', description: `There are ${L.minActions} to ${L.maxActions} actions.` },
  { name: 'unique-ids', description: 'No two states share an id, and no two actions share an id.' },
  { name: 'start-state', description: 'start names a declared state that is not terminal.' },
  { name: 'terminal-outcomes', description: 'Every terminal state has an outcome; no other state has an outcome or a score.' },
  {
    name: 'complete-table',
    description: 'transitions has one entry per non-terminal state and, in each, one entry per action, each going to a declared state; nothing else.',
  },
  { name: 'terminal-reachable', description: 'Some terminal state can be reached from start in at most maxSteps steps.' },
  {
    name: 'consequential-choice',
    description: 'Some non-terminal state reachable from start with at least one step left has two actions that differ in next state or reward.',
  },
] as const;

export type CheckName = (typeof AUDIT_CHECKS)[number]['name'];

export const CHECK_NAMES: readonly CheckName[] = AUDIT_CHECKS.map((check) => check.name);

/** One line of an audit report. */
export interface AuditCheck {
  readonly name: CheckName;
  readonly passed: boolean;
  /** What failed, naming the offending path or id; or what was verified. */
  readonly detail: string;
}
