import { defineConformance } from './define.ts';

defineConformance('workers');
