import { defineConformance } from './define.ts';

defineConformance('bun');
