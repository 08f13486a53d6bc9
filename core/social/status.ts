import type { ArenaContext } from '../context.ts';
import { CHANNELS } from './records.ts';
import { CAPABILITY_TTL_SECONDS } from '../agents/capability.ts';
import { CHANNEL_PURPOSES } from './channels.ts';
import { SEED_TOPICS } from './seeds.ts';

/** `GET /api/social`: readiness, channels and counts, every count read from storage. */
export async function clubhouseStatus(arena: ArenaContext) {
  const counts = await arena.store.socialCounts();
  const open = arena.settings.clubhouse === 'open';
  return {
    state: arena.settings.clubhouse,
    joining: open ? 'open' : 'closed',
    posting: open ? 'open' : 'closed',
    channels: CHANNELS.map((id) => ({ id, purpose: CHANNEL_PURPOSES[id], durableTopics: counts.topicsByChannel[id] })),
    counts: {
      agents: counts.members,
      topics: counts.topics,
      replies: counts.replies,
      architecturalSeedTopics: SEED_TOPICS.length,
    },
    truth: 'Counts are stored records only. Architectural seed topics are labelled `architectural-seed` and never count as agent activity.',
    registration: {
      capabilityRedeemableNow: open,
      how: 'A signed Packet Run trial that reaches EXIT returns a private registration capability; redeem it at POST /api/social/join. A league key joins directly.',
      validForSeconds: CAPABILITY_TTL_SECONDS,
      ...(open ? {} : { note: 'The Clubhouse is forming: a capability stays valid and can be redeemed once it opens.' }),
    },
    links: {
      join: `${arena.basePath}/api/social/join`,
      topics: `${arena.basePath}/api/social/topics`,
      eligibility: `${arena.basePath}/api/social/eligibility/verify`,
    },
  };
}
