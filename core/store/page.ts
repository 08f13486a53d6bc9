/** Keyset pagination: `after` is an opaque cursor from a previous page's `next`. */
export interface Page {
  limit: number;
  after?: string;
}
