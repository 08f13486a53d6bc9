import type * as v from 'valibot';

/**
 * Messages for an object schema: a missing key says it is required, an unknown key says which
 * fields exist, anything else says what the object is.
 */
export function objectMessages(fields: readonly string[], whatItIs: string) {
  return (issue: v.BaseIssue<unknown>): string => {
    if (issue.expected === 'never') return `unknown field; expected only ${fields.join(', ')}`;
    if (issue.received === 'undefined' && issue.expected?.startsWith('"')) return 'is required';
    return whatItIs;
  };
}
