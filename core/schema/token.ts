import * as v from 'valibot';
import { MAX_TOKEN_LENGTH } from '../crypto/tokens.ts';

/** A signed token sent as a string; its signature is checked by the handler, not here. */
export const TokenSchema = v.pipe(
  v.string('must be a token string, given once'),
  v.minLength(1, 'is required'),
  v.maxLength(MAX_TOKEN_LENGTH, 'is longer than any token this arena issues'),
);
