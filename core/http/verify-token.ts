import { TokenError, type TokenClaims, type TokenKind, type Tokens } from '../crypto/tokens.ts';
import { HttpError } from './problem.ts';

/** Verifies a token sent in `field`, or answers 400 `invalid-token` saying why it is refused. */
export async function verifyTokenField(tokens: Tokens, kind: TokenKind, token: string, field: string): Promise<TokenClaims> {
  try {
    return await tokens.verify(kind, token);
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    throw new HttpError('invalid-token', `${field}: ${error.message}`, { errors: [{ path: field, message: error.message }] });
  }
}
