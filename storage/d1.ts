/** `agent-arena/storage/d1`: the arena's Store on a Cloudflare D1 binding. */
import type { Store } from '../core/store/store.ts';
import { createD1Dialect, type D1DatabaseLike } from './dialects/d1.ts';
import { openStore } from './index.ts';

export type { D1DatabaseLike, D1StatementLike } from './dialects/d1.ts';

/** Opens the Store on `binding` (a Worker's D1 database), its schema brought to the latest migration. */
export function openD1Store(binding: D1DatabaseLike): Promise<Store> {
  return openStore(createD1Dialect(binding), 'sqlite');
}
