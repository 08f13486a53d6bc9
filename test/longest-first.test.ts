import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONGEST } from './support/longest-first.ts';
import { REPOSITORY } from './support/readme.ts';

describe('the files started first', () => {
  it('each exist: a renamed file would otherwise drop out of the list unseen', () => {
    expect(LONGEST.filter((file) => !existsSync(join(REPOSITORY, file)))).toEqual([]);
  });
});
