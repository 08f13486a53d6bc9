import { defineConformance } from './define.ts';

// The arena mounted under a path, as an application embedding it would: every request and every link under it.
defineConformance('node', undefined, '/arena');
