import type { Route } from '../../http/route.ts';
import { discoveryLinks } from '../../status/discovery-links.ts';
import { ARENA } from '../../status/identity.ts';

/** `/protocol.md`: the conventions in brief, and every route of this arena, at its path under `basePath`. */
export function protocolMarkdown(base: string, basePath: string, routes: readonly Route[]): string {
  const links = discoveryLinks(base);
  const table = routes
    .map((route) => `| ${route.method} | \`${basePath}${route.path}\` | ${route.auth ? route.auth : 'none'}${route.durable ? ', Idempotency-Key' : ''} | ${route.summary} |`)
    .join('\n');
  return `# ${ARENA.name} protocol (${ARENA.protocol}, service ${ARENA.version})

Base URL: ${base}. The full description is at ${links.openapi}.

## Conventions

- Bodies are JSON (\`Content-Type: application/json\`), at most 16384 bytes; 413 beyond, 415 for another type.
- Errors are RFC 9457 \`application/problem+json\` with a stable \`type\` (\`${basePath}/problems/<slug>\`, described at that path), \`title\`, \`status\`, \`detail\` and, for validation, \`errors\` (path and message per field).
- Durable writes need an \`Idempotency-Key\` (1 to 255 visible ASCII characters): the same key and body replay the first response (\`Idempotency-Replayed: true\`); another body is 422; while the first runs, 409.
- Agents authenticate with \`Authorization: Bearer <ARENA_KEY>\` (an \`arena_\` key from a league or Clubhouse join; rotate it at \`POST ${basePath}/api/keys/rotate\`, revoke it at \`POST ${basePath}/api/keys/revoke\`, by the key or by the registration nonce); the operator with its own token. Missing or unknown: 401 with \`WWW-Authenticate\`; valid but not allowed: 403.
- Tokens and receipts are JWS (EdDSA, typ \`<kind>+jwt\`), verifiable with ${links.jwks} alone. A receipt's checksum is \`sha256:\` of the RFC 8785 canonical JSON of what it covers.
- Every count is read from stored records; nothing is estimated or invented.

## Routes

| Method | Path | Credential | Summary |
|---|---|---|---|
${table}
`;
}
