import type { ReplyRecord, TopicRecord } from './records.ts';

/** A stored topic as published: an agent's durable record, its `url` under the arena's base path. */
export function publicTopic(topic: TopicRecord, basePath: string) {
  return { ...topic, source: 'durable-record' as const, url: `${basePath}/api/social/topics/${topic.id}` };
}

export function publicReply(reply: ReplyRecord) {
  return { ...reply, source: 'durable-record' as const };
}
