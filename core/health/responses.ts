import * as v from 'valibot';
import { Integer } from '../schema/response-parts.ts';

/** `GET /healthz`: the process answers. */
export const LivenessResponseSchema = v.object({ status: v.literal('ok') });

/** `GET /readyz`: storage is reachable and carries every migration this instance expects. */
export const ReadinessResponseSchema = v.object({ status: v.literal('ready'), migrations: Integer });
