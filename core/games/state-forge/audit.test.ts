import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../crypto/canonical-json.ts';
import { canonicalBytes, definitionArbitrary, validDefinition, type DefinitionJson } from '../../../test/support/arbitraries/state-forge.ts';
import { auditDefinition, type AuditReport } from './audit.ts';
import { AUDIT_CHECKS, CHECK_NAMES, type CheckName } from './checks.ts';
import { MAX_DEFINITION_BYTES } from './definition.ts';
import { FORGE_EXAMPLES, forgeExample } from '../../../test/support/forge-examples.ts';
import { MUTATION_BASE_BYTES, plantJunk, RULE_BREAKERS } from '../../../test/support/arbitraries/state-forge-mutations.ts';

const NOT_CHECKED = /^not checked: requires /;

/** The report's invariants, whatever the input. */
function expectWellFormed(report: AuditReport): void {
  expect(report.checks.map((check) => check.name)).toEqual(CHECK_NAMES);
  for (const check of report.checks) {
    expect(typeof check.passed).toBe('boolean');
    expect(check.detail.length).toBeGreaterThan(0);
    // Quoted input is cut short, so no detail can grow with the input.
    expect(check.detail.length).toBeLessThan(1000);
  }
  expect(report.passed).toBe(report.checks.every((check) => check.passed));
  expect('definition' in report).toBe(report.passed);
}

const failures = (report: AuditReport) => report.checks.filter((check) => !check.passed);

const junk = fc.oneof(fc.jsonValue(), fc.constantFrom('__proto__', 'constructor', 1e308, -0, 0.5, '\ud800', Number.POSITIVE_INFINITY));
const junked = (base: fc.Arbitrary<unknown>) =>
  fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), junk, fc.boolean()), { maxLength: 3 }))
    .map(([tree, plants]) => plants.reduce((value, [pick, replacement, remove]) => plantJunk(value, pick, replacement, remove), structuredClone(tree)));
const mutated = fc
  .tuple(definitionArbitrary(MUTATION_BASE_BYTES), fc.constantFrom(...RULE_BREAKERS), fc.nat())
  .map(([definition, breaker, pick]) => breaker.apply(structuredClone(definition), pick));

describe('auditDefinition', () => {
  it('lists every check of AUDIT_CHECKS, each named once', () => {
    expect(new Set(CHECK_NAMES).size).toBe(AUDIT_CHECKS.length);
    expect(CHECK_NAMES).toEqual([
      'format',
      'shape',
      'bounds',
      'size',
      'state-count',
      'action-count',
      'unique-ids',
      'start-state',
      'terminal-outcomes',
      'complete-table',
      'terminal-reachable',
      'consequential-choice',
    ]);
    for (const check of AUDIT_CHECKS) expect(check.description).toMatch(/\S/);
  });

  it('never throws, and reports every check in order, for any JSON value or junk', () => {
    const input = fc.oneof(
      fc.jsonValue(),
      fc.anything({ withNullPrototype: true, withSparseArray: true, withBigInt: true, withMap: true, withBoxedValues: true }),
      junked(validDefinition),
      junked(mutated),
      junked(fc.constantFrom(...FORGE_EXAMPLES.map((example) => example.definition))),
    );
    fc.assert(
      fc.property(input, (value) => {
        expectWellFormed(auditDefinition(value));
      }),
      { numRuns: 3_000 },
    );
  });

  it('passes every generated valid definition, returning it typed with the same canonical JSON', () => {
    fc.assert(
      fc.property(validDefinition, (definition) => {
        const report = auditDefinition(definition);
        expect(failures(report)).toEqual([]);
        if (!report.passed) return;
        expect(canonicalJson(report.definition)).toBe(canonicalJson(definition));
        expect(canonicalBytes(definition)).toBeLessThanOrEqual(MAX_DEFINITION_BYTES);
      }),
      { numRuns: 1_000 },
    );
  });

  it('rejects every definition that breaks one rule with that rule, and no other check but those not evaluated', () => {
    fc.assert(
      fc.property(definitionArbitrary(MUTATION_BASE_BYTES), fc.constantFrom(...RULE_BREAKERS), fc.nat(), (definition, breaker, pick) => {
        const report = auditDefinition(breaker.apply(structuredClone(definition), pick));
        const broken = report.checks.find((check) => check.name === breaker.rule)!;
        expect(broken.passed, breaker.name).toBe(false);
        expect(broken.detail, breaker.name).not.toMatch(NOT_CHECKED);
        const others = failures(report).filter((check) => check.name !== breaker.rule && !NOT_CHECKED.test(check.detail));
        expect(others, breaker.name).toEqual([]);
      }),
      { numRuns: 3_000 },
    );
  });

  it('has a rule-breaking mutation for every check', () => {
    expect(new Set(RULE_BREAKERS.map((breaker) => breaker.rule))).toEqual(new Set(CHECK_NAMES));
  });

  it('passes the example games', () => {
    expect(FORGE_EXAMPLES.map((example) => example.name)).toEqual(['clockwork-vault', 'lantern-haggle', 'rope-bridge']);
    for (const example of FORGE_EXAMPLES) expect(failures(auditDefinition(example.definition)), example.name).toEqual([]);
    const sizes = FORGE_EXAMPLES.map(({ definition: json }) => {
      const report = auditDefinition(json);
      return report.passed ? [report.definition.states.length, report.definition.actions.length] : [];
    });
    // Exactly one example, the benchmark's game, is as large as the DSL allows.
    expect(sizes.filter(([states, actions]) => states === 12 && actions === 4)).toHaveLength(1);
  });
});

describe('audit details', () => {
  const example = () => forgeExample('rope-bridge') as DefinitionJson;
  const detailOf = (report: AuditReport, name: CheckName) => report.checks.find((check) => check.name === name)!.detail;

  it('says why a non-object fails, and marks what it could not check', () => {
    for (const value of [null, [], 'state-forge/1', 42, true]) {
      const report = auditDefinition(value);
      expect(detailOf(report, 'shape')).toMatch(/must be an object/);
      expect(detailOf(report, 'bounds')).toBe('not checked: requires shape');
      expect(detailOf(report, 'state-count')).toBe('not checked: requires shape');
      expect(detailOf(report, 'terminal-reachable')).toMatch(/^not checked: requires start-state and complete-table/);
    }
  });

  it('names the offending path or id', () => {
    const long = example();
    long.states[2]!.label = 'x'.repeat(81);
    expect(detailOf(auditDefinition(long), 'bounds')).toBe('states[2].label: must be at most 80 characters, got 81');

    const missing = example();
    delete missing.transitions['middle-gust']!.hold;
    expect(detailOf(auditDefinition(missing), 'complete-table')).toMatch(/^transitions\.middle-gust\.hold: missing/);

    const proto = JSON.parse('{"__proto__": {"polluted": true}, "format": "state-forge/1"}') as unknown;
    expect(detailOf(auditDefinition(proto), 'shape')).toMatch(/__proto__: unknown property/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('counts states and actions even when everything else is malformed', () => {
    const report = auditDefinition({ states: Array(13).fill(0), actions: [1], transitions: 'none' });
    expect(detailOf(report, 'state-count')).toBe('13 states; 3 to 12 are allowed');
    expect(detailOf(report, 'action-count')).toBe('1 actions; 2 to 4 are allowed');
  });

  it('does not let ids that name Object.prototype members reach the prototype', () => {
    const definition = example();
    const rename = (from: string, to: string) => JSON.parse(JSON.stringify(definition).replaceAll(`"${from}"`, `"${to}"`)) as DefinitionJson;
    const renamed = rename('middle-still', 'constructor');
    expect(auditDefinition(renamed).passed).toBe(true);
    // A row for "constructor" that is not declared is an unknown state, not Object's constructor.
    const key: string = 'constructor';
    delete renamed.transitions[key];
    expect(detailOf(auditDefinition(renamed), 'complete-table')).toMatch(/^transitions\.constructor: missing/);
  });

  it('returns a fresh, normalized definition', () => {
    const definition = example();
    (definition.states[4] as { score: number }).score = -0;
    definition.transitions['cliff-still']!.step!.reward = -0;
    const report = auditDefinition(definition);
    expect(report.passed).toBe(true);
    if (!report.passed) return;
    expect(Object.is(report.definition.transitions['cliff-still']!.step!.reward, 0)).toBe(true);
    expect(report.definition.states).not.toBe(definition.states);
    expect(Object.keys(report.definition)).toEqual(['format', 'id', 'title', 'description', 'states', 'actions', 'start', 'transitions', 'maxSteps']);
  });

  it('holds the canonical size to at most 8192 bytes, exactly', () => {
    const vault = forgeExample('clockwork-vault') as DefinitionJson;
    for (const item of [...vault.states, ...vault.actions]) item.label = '😀'.repeat(80);
    vault.description = '';
    const room = MAX_DEFINITION_BYTES - canonicalBytes(vault);
    const wide = Math.floor(room / 4);
    vault.description = '😀'.repeat(wide) + 'x'.repeat(room - 4 * wide);
    expect(canonicalBytes(vault)).toBe(MAX_DEFINITION_BYTES);
    expect(auditDefinition(vault).passed).toBe(true);
    vault.description += 'x';
    expect(failures(auditDefinition(vault))).toEqual([{ name: 'size', passed: false, detail: 'canonical JSON is 8193 bytes; the limit is 8192' }]);
  });

  it('counts a choice only in a state where an action remains', () => {
    // Forced moves from start to a fork, two steps away; the fork's first action ends the game.
    const forced = (to: string) => ({ go: { to, reward: 0 }, wait: { to, reward: 0 } });
    const chain = (maxSteps: number) => ({
      format: 'state-forge/1',
      id: 'fork',
      title: 'Fork',
      maxSteps,
      start: 's',
      states: [
        { id: 's', label: 'S' },
        { id: 'a', label: 'A' },
        { id: 'fork', label: 'Fork' },
        { id: 'end', label: 'End', terminal: true, outcome: 'win' },
      ],
      actions: [
        { id: 'go', label: 'Go' },
        { id: 'wait', label: 'Wait' },
      ],
      transitions: { s: forced('a'), a: forced('fork'), fork: { go: { to: 'end', reward: 0 }, wait: { to: 'fork', reward: 0 } } },
    });
    const atTwo = auditDefinition(chain(2));
    expect(detailOf(atTwo, 'consequential-choice')).toBe('every action leads to the same state for the same reward in each state where a choice is made ("s", "a")');
    expect(detailOf(auditDefinition(chain(3)), 'consequential-choice')).toBe('in "fork" (2 step(s) from start), "go" goes to "end" for 0 and "wait" goes to "fork" for 0');
  });

  it('explains a reachability failure with the distance it found', () => {
    const definition = { ...example(), maxSteps: 1 };
    expect(detailOf(auditDefinition(definition), 'terminal-reachable')).toBe('the nearest terminal state, "gorge", is 2 steps from start but maxSteps is 1');
  });
});
