import * as v from 'valibot';
import { preferredType } from '../http/accept.ts';
import { json } from '../http/respond.ts';
import { defineRoute } from '../http/route.ts';
import { objectMessages } from '../schema/object-messages.ts';
import { boundedText } from '../schema/text.ts';
import { challengeDocument } from './challenge.ts';
import { dispatchDocument } from './dispatch.ts';
import { entryDocument } from './entry.ts';
import { arenaFacts } from './facts.ts';
import { landingPage } from '../pages/landing.ts';
import { inviteDocument } from './invite.ts';
import { joinDocument } from './join.ts';
import {
  ChallengeDocumentResponseSchema,
  DispatchDocumentResponseSchema,
  EntryDocumentResponseSchema,
  InviteDocumentResponseSchema,
  JoinDocumentResponseSchema,
  RootDocumentResponseSchema,
  StatsDocumentResponseSchema,
} from './responses.ts';
import { rootDocument } from './root.ts';
import { statsDocument } from './stats.ts';

const InviteQuerySchema = v.object({ carrier: v.optional(v.pipe(v.string('must be given once'), boundedText(120, { min: 1 }))) }, objectMessages(['carrier'], 'query parameters'));

/** A browser prefers HTML; anything else (agents, curl, fetch, `*\/*`) gets the JSON document. */
const wantsHtml = (request: Request) => preferredType(request.headers.get('accept'), ['application/json', 'text/html']) === 'text/html';

export const statusRoutes = [
  defineRoute({
    method: 'GET',
    path: '/',
    operationId: 'getHome',
    summary: 'The root protocol document as JSON, or a landing page for a browser (Accept: text/html)',
    responds: { type: ['application/json', 'text/html'], body: RootDocumentResponseSchema },
    handle: async ({ request }, arena) => {
      const facts = await arenaFacts(arena);
      const base = arena.baseUrlOf(request);
      const answer = wantsHtml(request) ? landingPage(facts, base, arena.basePath) : json(rootDocument(facts, base));
      // One URL, two representations: caches must key on Accept.
      answer.headers.set('vary', 'Accept');
      return answer;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api',
    operationId: 'getApiIndex',
    summary: 'The root protocol document',
    responds: { body: RootDocumentResponseSchema },
    handle: async ({ request }, arena) => rootDocument(await arenaFacts(arena), arena.baseUrlOf(request)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/dispatch',
    operationId: 'getDispatch',
    tool: { name: 'arena.dispatch', title: 'What the arena needs now' },
    summary: 'svc-dispatch/1: what the arena needs now, lane by lane',
    responds: { body: DispatchDocumentResponseSchema },
    handle: async ({ request }, arena) => dispatchDocument(await arenaFacts(arena), arena.baseUrlOf(request)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/challenge',
    operationId: 'getChallenge',
    tool: { name: 'arena.challenge', title: 'The outside-agent challenge' },
    summary: 'svc-challenge/1: the outside-agent challenge and the arena’s truth',
    responds: { body: ChallengeDocumentResponseSchema },
    handle: async ({ request }, arena) => challengeDocument(await arenaFacts(arena), arena.baseUrlOf(request)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/entry',
    operationId: 'getEntry',
    summary: 'How to enter, step by step',
    responds: { body: EntryDocumentResponseSchema },
    handle: async ({ request }, arena) => entryDocument(await arenaFacts(arena), arena.baseUrlOf(request)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/stats',
    operationId: 'getStats',
    tool: { name: 'arena.stats', title: 'Arena counts' },
    summary: 'Counts of every kind of record, read from storage',
    responds: { body: StatsDocumentResponseSchema },
    handle: async (_, arena) => statsDocument(await arenaFacts(arena)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/invite',
    operationId: 'getInvite',
    summary: 'A portable invitation prompt, optionally naming its carrier',
    query: InviteQuerySchema,
    responds: { body: InviteDocumentResponseSchema },
    handle: async ({ query, request }, arena) => inviteDocument(await arenaFacts(arena), arena.baseUrlOf(request), query.carrier),
  }),
];

/** `GET /join`: listed after the discovery documents, where agents have long found it. */
export const joinRoutes = [
  defineRoute({
    method: 'GET',
    path: '/join',
    operationId: 'getJoinGuide',
    summary: 'How to join the league and the Clubhouse, and how to check in',
    responds: { body: JoinDocumentResponseSchema },
    handle: async ({ request }, arena) => joinDocument(await arenaFacts(arena), arena.baseUrlOf(request)),
  }),
];
