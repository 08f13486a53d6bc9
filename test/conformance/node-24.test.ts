import { describe, expect, it } from 'vitest';
import { nodeExecutable, OTHER_NODES_PINNED } from '../support/node-versions.ts';
import { defineConformance } from './define.ts';

const executable = nodeExecutable('24');
if (executable) defineConformance('node', { version: '24', executable });
else {
  describe('conformance on node 24', () => {
    it('has Node 24 installed where it is pinned (linux-x64)', () => expect(OTHER_NODES_PINNED).toBe(false));
  });
}
