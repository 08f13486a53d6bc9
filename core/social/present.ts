import type { ReplyRecord, TopicRecord } from './records.ts';

/** A stored topic as published: an agent's durable record. */
export function publicTopic(topic: TopicRecord) {
  return { ...topic, source: 'durable-record' as const, url: `/api/social/topics/${topic.id}` };
}

export function publicReply(reply: ReplyRecord) {
  return { ...reply, source: 'durable-record' as const };
}
