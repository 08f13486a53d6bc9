/**
 * One reader of new events per instance. A stream that has caught up with the store follows the
 * tail: the tail reads each batch of new events once (one query however many streams are open),
 * presents each event once, and hands it to every stream whose filter takes it. It runs only
 * while some stream follows it, waking when this instance writes (the bell), when another
 * instance's write is announced, or at each poll.
 */
import type { ArenaContext } from '../context.ts';
import { memorySlot } from '../instance-memory.ts';
import { StorageUnavailableError } from '../store/errors.ts';
import { EVENT_BELL } from './bell.ts';
import type { AttemptRecord } from '../league/records.ts';
import { attemptsOf, publicEvent, type PublicEvent } from './present.ts';
import type { EventFilter, EventRecord } from './records.ts';

/** Events read from the store per page, by the tail and by a stream catching up. */
export const EVENT_PAGE = 100;

/** One event as the tail hands it on: its record, for filters, and its public form, made once. */
export interface PresentedEvent {
  record: EventRecord;
  event: PublicEvent;
  /** The public form as JSON text, made once for every stream (SSE and NDJSON frame the same text). */
  json: string;
}

/** A stream following the tail. */
export interface Follower {
  /**
   * Each batch of events the tail read, in order; the follower keeps those its filter takes.
   * False: it is done (too far behind), and the tail lets go of it.
   */
  deliver(events: readonly PresentedEvent[]): boolean;
  /** The tail stopped (the database failed): the follower ends, and its client reconnects with `Last-Event-ID`. */
  end(): void;
}

/** Whether `filter` takes `record`, as the store's `eventsAfter` would. */
export function takes(filter: EventFilter, record: EventRecord): boolean {
  if (filter.kinds !== undefined && !filter.kinds.includes(record.kind)) return false;
  return filter.agentId === undefined || record.agentId === filter.agentId;
}

/** `record` presented once, for every stream that sends it. */
export async function presented(arena: ArenaContext, record: EventRecord, attempts?: ReadonlyMap<string, AttemptRecord>): Promise<PresentedEvent> {
  const event = await publicEvent(arena, record, attempts);
  return { record, event, json: JSON.stringify(event) };
}

/** A page of events as sent, the attempts they name read in one query. */
export async function presentedPage(arena: ArenaContext, records: readonly EventRecord[]): Promise<PresentedEvent[]> {
  const attempts = await attemptsOf(arena, records);
  const events: PresentedEvent[] = [];
  for (const record of records) events.push(await presented(arena, record, attempts));
  return events;
}

export class EventTail {
  /** The newest event the tail has read and handed on. */
  private cursor = 0;
  private readonly followers = new Set<Follower>();
  private running = false;
  /** Ends the tail's wait when its last follower leaves, so it stops at once. */
  private idle: AbortController | undefined;

  /**
   * Adds `follower`, which has every event up to `cursor`, if the tail has handed on none after
   * it; false when the tail is further on, and the follower must read from the store to there
   * first. A follower joining ahead of the tail skips what it already has (ids up to `cursor`).
   */
  join(arena: ArenaContext, follower: Follower, cursor: number): boolean {
    if (this.running && cursor < this.cursor) return false;
    this.followers.add(follower);
    if (!this.running) {
      this.cursor = cursor;
      this.running = true;
      void this.follow(arena);
    }
    return true;
  }

  leave(follower: Follower): void {
    if (this.followers.delete(follower) && this.followers.size === 0) this.idle?.abort();
  }

  private async follow(arena: ArenaContext): Promise<void> {
    const bell = arena.memory.get(EVENT_BELL);
    try {
      while (this.followers.size > 0) {
        const rung = bell.generation;
        const records = await arena.store.eventsAfter(this.cursor, {}, EVENT_PAGE);
        if (records.length > 0) {
          const events = await presentedPage(arena, records);
          this.cursor = records.at(-1)!.id;
          for (const follower of [...this.followers]) if (!follower.deliver(events)) this.leave(follower);
          if (records.length === EVENT_PAGE) continue;
        }
        if (this.followers.size === 0) break;
        this.idle = new AbortController();
        await bell.wait(rung, arena.settings.events.pollMs, this.idle.signal);
      }
    } catch (error) {
      // Every follower ends and its client reconnects (answered 503 while the database is away);
      // anything else is a bug, reported once rather than once per stream.
      if (!(error instanceof StorageUnavailableError)) arena.report({ what: 'the events tail failed', error });
      const ended = [...this.followers];
      this.followers.clear();
      for (const follower of ended) follower.end();
    } finally {
      this.running = false;
      this.idle = undefined;
    }
  }
}

export const EVENT_TAIL = memorySlot('the one reader of new events this instance’s streams follow', () => new EventTail());
