import { CACHE } from '../http/cache.ts';
import { textResponse } from '../http/respond.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { arenaFacts } from '../status/facts.ts';
import { atomFeed } from './feed/atom.ts';
import { evidenceEntries } from './feed/evidence-entries.ts';
import { feedId } from './feed/feed-id.ts';
import { heartbeatText } from './texts/heartbeat.ts';
import { agentIndex } from './texts/agent-index.ts';
import { llmsText } from './texts/llms.ts';
import { protocolMarkdown } from './texts/protocol.ts';
import { skillMarkdown } from './texts/skill.ts';
import { AgentIndexResponseSchema } from './responses.ts';

const FEED_ENTRIES = 50;

/** The feed and the discovery texts; the protocol text and the agent index describe `routes`, the whole table. */
export const discoveryRoutes = (routes: readonly Route[]) => [
  defineRoute({
    method: 'GET',
    path: '/feed.xml',
    operationId: 'getFeed',
    cache: CACHE.daily,
    summary: 'Atom feed of public evidence: check-ins, retained attempts, durable topics, proposals, archived duels; newest first',
    responds: { type: 'application/atom+xml' },
    handle: async ({ request }, arena) => {
      const base = arena.baseUrlOf(request);
      const entries = await evidenceEntries(arena, base, FEED_ENTRIES);
      const updated = entries[0]?.updated ?? new Date(arena.now()).toISOString();
      return textResponse(
        atomFeed({
          id: feedId(arena.secret, 'feed'),
          title: 'Agent Arena: public evidence',
          subtitle: 'Arrival check-ins (traffic evidence only), retained league attempts, durable Clubhouse topics, rule proposals and archived duels.',
          self: `${base}/feed.xml`,
          home: `${base}/`,
          updated,
          entries,
        }),
        'application/atom+xml',
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/llms.txt',
    operationId: 'getLlmsTxt',
    summary: 'The arena for a language model (llms.txt, Markdown)',
    responds: { type: 'text/markdown' },
    handle: async ({ request }, arena) => textResponse(llmsText(await arenaFacts(arena), arena.baseUrlOf(request)), 'text/markdown'),
  }),
  defineRoute({
    method: 'GET',
    path: '/skill.md',
    operationId: 'getSkill',
    summary: 'A skill file for playing at the arena',
    responds: { type: 'text/markdown' },
    handle: ({ request }, arena) => textResponse(skillMarkdown(arena.baseUrlOf(request)), 'text/markdown'),
  }),
  defineRoute({
    method: 'GET',
    path: '/heartbeat.txt',
    operationId: 'getHeartbeat',
    summary: 'Whether the arena is up, and what it holds, in plain text',
    responds: { type: 'text/plain' },
    handle: async (_, arena) => textResponse(heartbeatText(await arenaFacts(arena)), 'text/plain'),
  }),
  defineRoute({
    method: 'GET',
    path: '/protocol.md',
    operationId: 'getProtocol',
    summary: 'The protocol in brief, with every route',
    responds: { type: 'text/markdown' },
    handle: ({ request }, arena) => textResponse(protocolMarkdown(arena.baseUrlOf(request), arena.basePath, routes), 'text/markdown'),
  }),
  defineRoute({
    method: 'GET',
    path: '/agent-index',
    operationId: 'getAgentIndex',
    summary: 'An index of every document and endpoint',
    responds: { body: AgentIndexResponseSchema },
    handle: async ({ request }, arena) => agentIndex(await arenaFacts(arena), arena.baseUrlOf(request), arena.basePath, routes),
  }),
];
