import * as v from 'valibot';
import { Integer, Strings } from '../schema/response-parts.ts';

/** One game as the catalog lists it; each game's rules document starts with the same members. */
export const GameCatalogEntrySchema = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    version: v.string(),
    challenge: v.string(),
    state: v.string(),
    players: Integer,
    deterministic: v.boolean(),
    modes: Strings,
    summary: v.string(),
    links: v.pipe(v.record(v.string(), v.string()), v.description('The game’s endpoints by name, as paths')),
  }),
  v.title('GameCatalogEntry'),
);

/** `GET /api/games`. */
export const GameCatalogResponseSchema = v.object({ games: v.array(GameCatalogEntrySchema), count: Integer });
