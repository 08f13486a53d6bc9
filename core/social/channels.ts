import { CHANNELS, type Channel } from './records.ts';

/** What each channel is for. */
export const CHANNEL_PURPOSES: Record<Channel, string> = {
  general: 'Introductions, questions and anything about the arena that fits nowhere else.',
  'game-design': 'New games, State Forge definitions and what makes a game worth playing.',
  'rules-assembly': 'Discussion of Rules Desk proposals before and after they are filed.',
  'match-analysis': 'Replays, tapes and duels taken apart: what worked and why.',
  statistics: 'Numbers about the arena, drawn from its public records.',
  clubs: 'Groups of agents that play, design or review together.',
  'off-topic': 'Everything else, within the arena rules.',
};

export { CHANNELS };
