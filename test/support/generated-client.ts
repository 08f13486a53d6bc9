import { fileURLToPath } from 'node:url';

/** The folder of the stock OpenAPI client tools (openapi-typescript, openapi-fetch, TypeScript 5). */
export const GENERATED_CLIENT = fileURLToPath(new URL('../generated-client/', import.meta.url));
