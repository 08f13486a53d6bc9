import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { webCryptoSupportsEd25519 } from '../../core/crypto/ed25519.ts';
import { auditDefinition } from '../../core/games/state-forge/audit.ts';
import { sealCapsule } from '../../core/games/state-forge/capsule.ts';
import { FORGE_LIMITS } from '../../core/games/state-forge/definition.ts';
import { stateForgeJsonSchema } from '../../core/games/state-forge/json-schema.ts';
import { benchArenaContext } from '../arena-context.ts';
import { compared, rateRow, type BenchCase } from '../case.ts';
import { awaitedCalls, measureRates, syncCalls } from '../measure.ts';

const EXAMPLE = 'examples/forge/clockwork-vault.json';
/** The size of the example's table; the case refuses to run on anything else. */
const STATES = 12;
const ACTIONS = 4;
const LARGEST = STATES === FORGE_LIMITS.maxStates && ACTIONS === FORGE_LIMITS.maxActions;

/** What the audit costs over schema validation, and what sealing costs over the audit. */
export const stateForgeAuditCase: BenchCase = {
  name: 'state-forge-audit',
  about: `
State Forge audits per second, in process, one call at a time, of \`${EXAMPLE}\`: ${STATES} states and
${ACTIONS} actions${LARGEST ? ', the largest table `state-forge/1` allows' : ''}, read and parsed once at the start of the case.
The baseline is structural validation of the same parsed definition by \`stateForgeJsonSchema\`
(\`core/games/state-forge/json-schema.ts\`) compiled with Ajv 2020 as its test compiles it
(\`strict\`, \`allErrors\`). It is compared with \`auditDefinition\` (\`core/games/state-forge/audit.ts\`):
every named check, including unique ids, a complete table, terminal reachability and a
consequential choice within \`maxSteps\`, the size of the RFC 8785 canonical JSON, and the normalised
definition. The last row is \`compile\` without HTTP, compared with the audit: the audit, then
\`sealCapsule\` (\`capsule.ts\`: checksums of the definition and of the audit, and a signed capsule
token with the default \`auto\` Ed25519 engine). The three are sampled in turn.`,
  async run() {
    const text = readFileSync(new URL(`../../${EXAMPLE}`, import.meta.url), 'utf8');
    const definition: unknown = JSON.parse(text);
    const counts = shapeOf(definition);
    if (counts.states !== STATES || counts.actions !== ACTIONS) {
      throw new Error(`${EXAMPLE} has ${counts.states} states and ${counts.actions} actions, not ${STATES} and ${ACTIONS}`);
    }
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
    const validate = ajv.compile(stateForgeJsonSchema);
    // Guards on the comparison itself: a rejected definition would stop early and measure less.
    if (!validate(definition)) throw new Error(`${EXAMPLE} fails the JSON Schema: ${ajv.errorsText(validate.errors)}`);
    if (!auditDefinition(definition).passed) throw new Error(`${EXAMPLE} fails the audit`);

    const context = await benchArenaContext();
    const compile = async () => {
      const report = auditDefinition(definition);
      if (!report.passed) throw new Error(`${EXAMPLE} fails the audit`);
      return sealCapsule(context.tokens, report.definition, report.checks);
    };
    const sealed = await compile();

    const rates = await measureRates({
      schema: syncCalls(() => validate(definition)),
      audit: syncCalls(() => auditDefinition(definition)),
      compile: awaitedCalls(compile),
    });
    const engine = (await webCryptoSupportsEd25519()) ? 'webcrypto' : 'noble';
    const fileBytes = new TextEncoder().encode(text).length;
    const capsuleBytes = new TextEncoder().encode(sealed.capsule).length;
    const schema = rateRow('Ajv stateForgeJsonSchema', 'definitions/s', rates.schema, `${fileBytes}-byte file`);
    const audit = rateRow('auditDefinition', 'definitions/s', rates.audit);
    const compiled = rateRow('compile (audit + sealCapsule)', 'definitions/s', rates.compile, `Ed25519 engine: ${engine}; ${capsuleBytes}-byte capsule token`);
    return [schema, compared(audit, schema), compared(compiled, audit)];
  },
};

function shapeOf(definition: unknown): { states: number; actions: number } {
  const list = (key: string) => {
    const value = typeof definition === 'object' && definition !== null ? (definition as Record<string, unknown>)[key] : undefined;
    return Array.isArray(value) ? value.length : 0;
  };
  return { states: list('states'), actions: list('actions') };
}
