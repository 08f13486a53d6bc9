import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_EXCEPT_LINES, FORGE_LIMITS as L, ID_PATTERN, MAX_DEFINITION_BYTES, OUTCOMES, STATE_FORGE_FORMAT } from './definition.ts';

const id = { type: 'string', pattern: ID_PATTERN } as const;
const singleLine = (maxLength: number) => ({ type: 'string', maxLength, pattern: `^[^${CONTROL_CHARACTERS}]*$` }) as const;
const value = { type: 'integer', minimum: L.minValue, maximum: L.maxValue } as const;

/**
 * JSON Schema (2020-12) for `state-forge/1`, for editors and clients. Built from the same
 * constants as the audit, it states the structural rules only; whatever it rejects, the
 * audit rejects too, but passing it is not passing the audit.
 */
export const stateForgeJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: '/schemas/state-forge-1.json',
  title: 'State Forge definition (state-forge/1)',
  description:
    'A bounded finite-state game, submitted as JSON data and never evaluated as code. This schema states the structural rules: ' +
    'types, required fields, no unknown properties, id patterns, text lengths in Unicode code points, control characters, ' +
    'integer ranges and counts. It cannot express what the audit also checks: that ids are unique; that start names a ' +
    'declared non-terminal state; that transitions has exactly one entry per non-terminal state and per action, and every ' +
    '"to" names a declared state; that a terminal state is reachable within maxSteps; that some reachable choice is ' +
    `consequential; that text is well-formed Unicode; and that the RFC 8785 canonical JSON is at most ${MAX_DEFINITION_BYTES} ` +
    'UTF-8 bytes. The audit is authoritative.',
  type: 'object',
  additionalProperties: false,
  required: ['format', 'id', 'title', 'states', 'actions', 'start', 'transitions', 'maxSteps'],
  properties: {
    format: { const: STATE_FORGE_FORMAT },
    id,
    title: singleLine(L.maxTitleLength),
    description: { type: 'string', maxLength: L.maxDescriptionLength, pattern: `^[^${CONTROL_CHARACTERS_EXCEPT_LINES}]*$` },
    states: { type: 'array', minItems: L.minStates, maxItems: L.maxStates, items: { $ref: '#/$defs/state' } },
    actions: { type: 'array', minItems: L.minActions, maxItems: L.maxActions, items: { $ref: '#/$defs/action' } },
    start: id,
    transitions: {
      description: 'transitions[stateId][actionId]: one row per non-terminal state, one entry per action in each.',
      type: 'object',
      minProperties: 1,
      maxProperties: L.maxStates,
      propertyNames: id,
      additionalProperties: {
        type: 'object',
        minProperties: L.minActions,
        maxProperties: L.maxActions,
        propertyNames: id,
        additionalProperties: { $ref: '#/$defs/transition' },
      },
    },
    maxSteps: { type: 'integer', minimum: L.minMaxSteps, maximum: L.maxMaxSteps },
  },
  $defs: {
    state: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'label'],
      properties: {
        id,
        label: singleLine(L.maxLabelLength),
        terminal: { const: true },
        outcome: { enum: OUTCOMES },
        score: value,
      },
      // A terminal state has an outcome; outcome and score belong to terminal states only. Each
      // branch names the properties it requires (as the outer schema declares them), which
      // strict validators and linters ask of every `required`.
      if: { required: ['terminal'], properties: { terminal: { const: true } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's own keyword
      then: { required: ['outcome'], properties: { outcome: { enum: OUTCOMES } } },
      else: {
        not: {
          anyOf: [
            { required: ['outcome'], properties: { outcome: {} } },
            { required: ['score'], properties: { score: {} } },
          ],
        },
      },
    },
    action: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'label'],
      properties: { id, label: singleLine(L.maxLabelLength) },
    },
    transition: {
      type: 'object',
      additionalProperties: false,
      required: ['to', 'reward'],
      properties: { to: id, reward: value },
    },
  },
} as const;
