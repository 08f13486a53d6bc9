import * as v from 'valibot';

/**
 * `limit`: 1 to 100 items per page, 20 when absent. Sent as text, as every query parameter is;
 * `integerParameter` tells the API description to publish it as the integer it stands for.
 */
export const LimitSchema = v.optional(
  v.pipe(
    v.string('must be a number, given once'),
    v.regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100'),
    v.metadata({ description: 'Items per page: a whole number from 1 to 100', integerParameter: { minimum: 1, maximum: 100 } }),
    v.transform(Number),
    v.minValue(1, 'must be 1 to 100'),
    v.maxValue(100, 'must be 1 to 100'),
  ),
  '20',
);

/** `cursor`: the opaque `next` of a previous page. */
export const CursorSchema = v.optional(v.pipe(v.string('must be a cursor, given once'), v.maxLength(500, 'is not a cursor this listing issued')));
