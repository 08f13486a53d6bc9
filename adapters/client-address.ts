/**
 * The client's address: the socket's peer, or, when the operator says a proxy in front is
 * trusted (`ARENA_TRUST_PROXY=1`), the first address of `X-Forwarded-For`.
 */
export function clientAddress(request: Request, peer: string | undefined, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return peer;
}
