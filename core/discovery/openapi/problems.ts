import { PROBLEM_TYPES, problemType, type ProblemSlug } from '../../http/problem.ts';

export const PROBLEM_REF = '#/components/schemas/Problem';
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

const SLUGS = Object.keys(PROBLEM_TYPES) as ProblemSlug[];

/** RFC 9457 as this arena answers it, mounted at `basePath`: `type` is always one of its own problem URIs. */
export const problemSchema = (basePath: string) => ({
  type: 'object',
  description: 'An RFC 9457 problem document. `GET <type>` describes the problem; `x-problem-types` lists them all.',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: {
      type: 'string',
      format: 'uri-reference',
      enum: SLUGS.map((slug) => problemType(slug, basePath)),
      description: `A stable relative URI, \`${basePath}/problems/<slug>\`.`,
    },
    title: { type: 'string' },
    status: { type: 'integer', enum: [...new Set(SLUGS.map((slug) => PROBLEM_TYPES[slug].status))] },
    detail: { type: 'string', description: 'What went wrong with this request, in words.' },
    instance: { type: 'string', format: 'uri-reference', description: 'The request path.' },
    errors: {
      type: 'array',
      description: 'On validation refusals: each failing field, as a dot-separated path (`agent.name`, `actions.3`), with the reason.',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
  // Some problems carry more members: `audit-failed` carries the whole `audit`.
  additionalProperties: true,
});

/** Every problem type of the arena mounted at `basePath`, for `x-problem-types`: the list `GET /problems` serves. */
export const problemTypeList = (basePath: string) => SLUGS.map((slug) => ({ slug, type: problemType(slug, basePath), ...PROBLEM_TYPES[slug] }));

/** A problem response naming the problems it can be, by their paths (as `paths` names routes, relative to the server). */
export function problemResponse(slugs: readonly ProblemSlug[], headers?: Record<string, unknown>) {
  return {
    description: slugs.map((slug) => `\`${problemType(slug, '')}\`: ${PROBLEM_TYPES[slug].title}.`).join(' '),
    ...(headers ? { headers } : {}),
    content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: PROBLEM_REF } } },
  };
}

/** Answers every operation can give, described once and referenced by each. */
export const SHARED_RESPONSES = {
  InternalError: problemResponse(['internal-error']),
};

/** The reference every operation's 500 is. */
export const INTERNAL_ERROR_REF = { $ref: '#/components/responses/InternalError' };
