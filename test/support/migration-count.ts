import { arenaMigrations } from '../../storage/migrations/provider.ts';

/** How many migrations the arena has: what `/readyz` reports once every one is recorded. */
export const MIGRATION_COUNT = Object.keys(await arenaMigrations('sqlite').getMigrations()).length;
