import { defineConformance } from './define.ts';

defineConformance('deno');
