import * as v from 'valibot';
import { defineRoute } from '../http/route.ts';
import { HttpError, PROBLEM_TYPES, problemType, type ProblemSlug } from '../http/problem.ts';
import { ProblemListResponseSchema, ProblemTypeResponseSchema } from './responses.ts';

/** Each problem `type` URI resolves to a description of that problem. */
export const problemRoutes = [
  defineRoute({
    method: 'GET',
    path: '/problems',
    operationId: 'listProblemTypes',
    summary: 'Every problem type this arena answers with',
    responds: { body: ProblemListResponseSchema },
    handle: (_, arena) => ({
      problems: Object.entries(PROBLEM_TYPES).map(([slug, problem]) => ({ type: problemType(slug as ProblemSlug, arena.basePath), ...problem })),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/problems/:slug',
    operationId: 'getProblemType',
    summary: 'One problem type',
    responds: { body: ProblemTypeResponseSchema },
    handle: ({ params }, arena) => {
      const slug = params.slug ?? '';
      if (!v.is(v.picklist(Object.keys(PROBLEM_TYPES) as ProblemSlug[]), slug)) {
        throw new HttpError('not-found', `there is no problem type named ${JSON.stringify(slug)}; GET ${arena.basePath}/problems lists them`);
      }
      return { type: problemType(slug, arena.basePath), ...PROBLEM_TYPES[slug] };
    },
  }),
];
