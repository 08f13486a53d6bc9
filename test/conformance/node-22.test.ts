import { describe, expect, it } from 'vitest';
import { nodeExecutable, OTHER_NODES_PINNED } from '../support/node-versions.ts';
import { defineConformance } from './define.ts';

const executable = nodeExecutable('22');
if (executable) defineConformance('node', { version: '22', executable });
else {
  describe('conformance on node 22', () => {
    it('has Node 22 installed where it is pinned (linux-x64)', () => expect(OTHER_NODES_PINNED).toBe(false));
  });
}
