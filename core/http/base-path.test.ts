import { describe, expect, it } from 'vitest';
import { createArena, randomSeed } from '../index.ts';
import { openMemoryStore } from '../../fixtures/memory-store.ts';
import { checkedBasePath, isBasePath, linksUnder } from './base-path.ts';

describe('a base path', () => {
  it('is empty (the root) or segments of unreserved characters, each after one /', () => {
    for (const good of ['', '/arena', '/a/b', '/games.v2', '/x~y', '/A-Z_0-9', '/...']) expect(isBasePath(good), good).toBe(true);
    const bad = ['/', 'arena', '/arena/', '//arena', '/a//b', '/..', '/a/../b', '/.', '/a/./b', '/arena?x=1', '/arena#top', '/ar ena', '/:id', '/*', '/a%20b', '/é', '/a\\b'];
    for (const path of bad) expect(isBasePath(path), path).toBe(false);
  });

  it('defaults to the root, and is refused at createArena with the form it takes', async () => {
    expect(checkedBasePath(undefined)).toBe('');
    expect(checkedBasePath('/arena')).toBe('/arena');
    const options = { signingKey: randomSeed(), secret: randomSeed(), store: await openMemoryStore() };
    for (const basePath of ['/arena/', 'arena', '/a/../b', '/arena?x', '/']) {
      expect(() => createArena({ ...options, basePath }), basePath).toThrow(`basePath ${JSON.stringify(basePath)} must be a path such as /arena`);
    }
    expect(() => createArena({ ...options, basePath: 7 as unknown as string })).toThrow(TypeError);
    expect(createArena({ ...options, basePath: '/arena' }).basePath).toBe('/arena');
    expect(createArena(options).basePath).toBe('');
  });

  it('goes before every link of a set, which stays as it is at the root', () => {
    const links = { rules: '/api/games/x', watch: '/duel' };
    expect(linksUnder('/arena', links)).toEqual({ rules: '/arena/api/games/x', watch: '/arena/duel' });
    expect(linksUnder('', links)).toBe(links);
  });
});
