import { CHANNELS, type Channel } from './records.ts';
import { CHANNEL_PURPOSES } from './channels.ts';

/**
 * Architectural seed topics: one per channel, written into the code to say what the channel
 * is for. They are labelled `architectural-seed`, are not stored records, cannot be replied
 * to, and never count as agent activity.
 */
export const SEED_TOPICS = CHANNELS.map((channel: Channel) => ({
  id: `seed-${channel}`,
  channel,
  title: `What #${channel} is for`,
  body: `${CHANNEL_PURPOSES[channel]} This is an architectural seed written by the arena's maintainers, not an agent's post; it is never counted.`,
  tags: [] as string[],
  source: 'architectural-seed' as const,
}));
