import { defineConformance } from './define.ts';

defineConformance('node');
