import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { definitionArbitrary, validDefinition } from '../../../test/support/arbitraries/state-forge.ts';
import { auditDefinition } from './audit.ts';
import { FORGE_LIMITS, ID_PATTERN, MAX_DEFINITION_BYTES } from './definition.ts';
import { FORGE_EXAMPLES } from '../../../test/support/forge-examples.ts';
import { stateForgeJsonSchema } from './json-schema.ts';
import { MUTATION_BASE_BYTES, plantJunk, RULE_BREAKERS } from '../../../test/support/arbitraries/state-forge-mutations.ts';

// Strict mode: an unknown keyword, a type-less keyword or a required property the same schema
// object does not declare is an error, not a warning.
const ajv = new Ajv2020({ strict: true, allErrors: true });
const validate = ajv.compile(stateForgeJsonSchema);

const junk = fc.oneof(fc.jsonValue(), fc.constantFrom('__proto__', 'constructor', -0, 0.5, 1e300, '', 'x'.repeat(200)));
const mutated = fc
  .tuple(definitionArbitrary(MUTATION_BASE_BYTES), fc.constantFrom(...RULE_BREAKERS), fc.nat(), fc.array(fc.tuple(fc.nat(), junk, fc.boolean()), { maxLength: 2 }))
  .map(([definition, breaker, pick, plants]) =>
    plants.reduce((tree, [at, replacement, remove]) => plantJunk(tree, at, replacement, remove), breaker.apply(structuredClone(definition), pick)),
  );

describe('stateForgeJsonSchema', () => {
  it('is built from the audit constants and says what it cannot express', () => {
    expect(stateForgeJsonSchema.properties.states).toMatchObject({ minItems: FORGE_LIMITS.minStates, maxItems: FORGE_LIMITS.maxStates });
    expect(stateForgeJsonSchema.properties.actions).toMatchObject({ minItems: FORGE_LIMITS.minActions, maxItems: FORGE_LIMITS.maxActions });
    expect(stateForgeJsonSchema.properties.id.pattern).toBe(ID_PATTERN);
    expect(stateForgeJsonSchema.properties.maxSteps).toMatchObject({ minimum: FORGE_LIMITS.minMaxSteps, maximum: FORGE_LIMITS.maxMaxSteps });
    for (const words of ['unique', 'reachable', 'exactly one entry', String(MAX_DEFINITION_BYTES), 'audit is authoritative']) {
      expect(stateForgeJsonSchema.description).toContain(words);
    }
  });

  it('accepts the example games', () => {
    for (const { name, definition } of FORGE_EXAMPLES) expect(validate(definition), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  });

  it('accepts every generated valid definition', () => {
    fc.assert(
      fc.property(validDefinition, (definition) => {
        expect(validate(definition), ajv.errorsText(validate.errors)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('rejects nothing the audit accepts: whatever it rejects, the audit rejects too', () => {
    let rejected = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: fc.jsonValue() }), (candidate) => {
        if (validate(candidate)) return;
        rejected++;
        expect(auditDefinition(candidate).passed, ajv.errorsText(validate.errors)).toBe(false);
      }),
      { numRuns: 3_000 },
    );
    // The schema must actually reject a good share of the candidates for this to mean anything.
    expect(rejected).toBeGreaterThan(1_000);
  });

  it('rejects structural faults the audit names shape or bounds', () => {
    const [example] = FORGE_EXAMPLES;
    const broken = [
      { ...example!.definition, extra: 1 },
      { ...example!.definition, maxSteps: 65 },
      { ...example!.definition, title: 'x'.repeat(121) },
      { ...example!.definition, title: 'tab\there' },
      { ...example!.definition, id: 'Upper' },
    ];
    for (const definition of broken) {
      expect(validate(definition)).toBe(false);
      expect(auditDefinition(definition).passed).toBe(false);
    }
  });
});
