/** A task `message:send` answered with, kept so `GET /a2a/v1/tasks/{id}` finds it. */
export interface KeptTask {
  id: string;
  /** The task as JSON, without the client's message (`history`), which is the client's to keep. */
  task: string;
  createdAt: number;
  expiresAt: number;
}

export interface A2aTaskStore {
  /** Keeps a task under its id (a random UUID, which no two tasks share). */
  keepTask(task: KeptTask): Promise<void>;
  /** The task's JSON, unless it is unknown or expired at `now`. */
  findTask(id: string, now: number): Promise<string | undefined>;
  /** Deletes tasks that expired before `before`. */
  purgeTasks(before: number): Promise<void>;
}
