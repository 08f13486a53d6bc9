import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { KEY_PATTERN } from '../http/idempotency.ts';

/** The tool error's words for an `idempotencyKey` the header could not carry. */
export const KEY_ARGUMENT_RULE = 'must be a string of 1 to 255 visible ASCII characters (0x21 to 0x7E), since it is sent as the Idempotency-Key header';

/**
 * `schema` with `idempotencyKey` checked first, by the header's own rule. The JSON Schema's
 * pattern says the same, but a validator words a pattern failure as the pattern itself (and
 * each validator differently); this says what the rule is and why, on every runtime.
 */
export function withKeyArgumentChecked(schema: StandardSchemaWithJSON): StandardSchemaWithJSON {
  const standard = schema['~standard'];
  return {
    '~standard': {
      ...standard,
      validate: (data) => {
        const key = typeof data === 'object' && data !== null ? (data as { idempotencyKey?: unknown }).idempotencyKey : undefined;
        if (key !== undefined && (typeof key !== 'string' || !KEY_PATTERN.test(key))) return { issues: [{ message: KEY_ARGUMENT_RULE, path: ['idempotencyKey'] }] };
        return standard.validate(data);
      },
    },
  };
}
