/** What readiness asks of storage. */
export interface HealthStore {
  /**
   * The migrations the database has recorded and those it has not (a database an older
   * instance migrated, while this one expects more). Reaching the database is the first check:
   * an unreachable one throws `StorageUnavailableError`.
   */
  schemaState(): Promise<{ applied: number; pending: string[] }>;
}
