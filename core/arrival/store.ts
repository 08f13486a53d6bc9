import type { Page } from '../store/page.ts';
import type { RequestKeyed } from '../store/request-keyed.ts';
import type { ArrivalRecord, NewArrival } from './records.ts';

export interface ArrivalStore {
  /**
   * Records a check-in unless that client (by digest) already has `dailyCap` that day: a
   * per-(date, client) number, unique and checked in the inserting statement, as attempts are.
   * A check-in already recorded by the same request is returned instead.
   */
  recordArrival(arrival: NewArrival & RequestKeyed, dailyCap: number): Promise<{ arrival: ArrivalRecord } | { capReached: true }>;
  arrivalById(id: string): Promise<ArrivalRecord | null>;
  /** Newest first. */
  listArrivals(page: Page): Promise<{ items: ArrivalRecord[]; next: string | null }>;
  /** Maintained count of every arrival ever recorded. */
  arrivalCount(): Promise<number>;
}
