import * as v from 'valibot';

/** A pure parser's verdict: the value, or a message saying what is wrong. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A valibot step that runs a pure parser and turns its refusal into a field issue. */
export function parsedBy<Input, Output>(parse: (input: Input) => Parsed<Output>) {
  return v.rawTransform<Input, Output>(({ dataset, addIssue, NEVER }) => {
    const parsed = parse(dataset.value);
    if (parsed.ok) return parsed.value;
    addIssue({ message: parsed.message });
    return NEVER;
  });
}
