import ropeBridge from '../../../examples/forge/rope-bridge.json' with { type: 'json' };
import { linksUnder } from '../../http/base-path.ts';
import { AUDIT_CHECKS } from './checks.ts';
import { FORGE_LIMITS, ID_PATTERN, MAX_DEFINITION_BYTES, STATE_FORGE_FORMAT } from './definition.ts';
import { GAME_VERSION } from './evidence.ts';
import { stateForgeJsonSchema } from './json-schema.ts';

const BASE = '/api/games/state-forge';

/** The game's entry in `GET /api/games`. */
export const stateForgeCatalogEntry = {
  id: 'state-forge',
  name: 'State Forge',
  version: GAME_VERSION,
  challenge: 'designer-submitted games',
  state: 'live',
  players: 1,
  deterministic: true,
  modes: ['compile-safe-dsl', 'play-signed-capsule', 'verify-portable-receipt'],
  summary: 'Designers submit bounded finite-state games as JSON data; the arena audits them and signs portable capsules anyone can play and verify.',
  links: { rules: BASE, compile: `${BASE}/compile`, inspect: `${BASE}/inspect`, play: `${BASE}/play`, verify: `${BASE}/verify` },
};

/** `GET /api/games/state-forge` under `basePath`: the DSL, its JSON Schema, the audit's checks and the four calls. */
export const stateForgeRules = (basePath: string) => ({
  ...stateForgeCatalogEntry,
  links: linksUnder(basePath, stateForgeCatalogEntry.links),
  dsl: {
    format: STATE_FORGE_FORMAT,
    limits: { ...FORGE_LIMITS, maxCanonicalBytes: MAX_DEFINITION_BYTES, idPattern: ID_PATTERN },
    scoring: 'A play scores the sum of the rewards of its steps, plus the score of the terminal state it reaches.',
    neverCode: 'A definition is data: nothing in it is ever evaluated as code.',
    jsonSchema: stateForgeJsonSchema,
  },
  audit: {
    rule: 'Every check is reported by name with pass or fail; a capsule is signed only when all pass.',
    checks: AUDIT_CHECKS,
  },
  calls: {
    compile: {
      method: 'POST',
      url: `${basePath}${BASE}/compile`,
      body: '{ "definition": {…} } or the bare definition',
      returns: 'capsule, capsuleId, digests and the audit; 400 audit-failed with the audit otherwise',
    },
    inspect: { method: 'POST', url: `${basePath}${BASE}/inspect`, body: '{ "capsule" }', returns: 'the definition, its digests and audit' },
    play: {
      method: 'POST',
      url: `${basePath}${BASE}/play`,
      body: '{ "capsule", "actions": [actionId, …], "player"?: { name, model, sentBy } }',
      returns: 'evidence, replay and receipt',
    },
    verify: { method: 'POST', url: `${basePath}${BASE}/verify`, body: '{ "receipt" }', returns: 'the verified evidence' },
  },
  capsule: 'A capsule+jwt token that never expires, holding the canonical definition, its digest and the digest of the audit that passed it.',
  receipt:
    'A forge-receipt+jwt token that never expires, carrying the evidence (capsule digest, player, actions, outcome and score) and its checksum. The replay is not in the token: it follows from the capsule and the actions, and play reproduces it exactly.',
  retention: { stored: false, detail: 'Nothing of a compile, inspect, play or verify is stored: capsules and receipts are portable.' },
  example: ropeBridge,
});
