/**
 * What one arena instance remembers between requests (today's league challenge, when it last
 * purged expired records). Each slot is declared beside the code that uses it; the memory itself
 * is created with the arena's context, so two arenas in one process never share a value.
 */
export interface MemorySlot<T> {
  /** Says what the slot holds, for a reader. */
  readonly name: string;
  /** The slot's first value in a new instance. */
  create(): T;
}

export interface InstanceMemory {
  /** This instance's value of `slot`, created on first use. */
  get<T>(slot: MemorySlot<T>): T;
}

/** Declares a slot; a module-level constant, its values live in each instance's memory. */
export function memorySlot<T>(name: string, create: () => T): MemorySlot<T> {
  return { name, create };
}

export function createInstanceMemory(): InstanceMemory {
  const values = new Map<MemorySlot<unknown>, unknown>();
  return {
    get<T>(slot: MemorySlot<T>): T {
      if (!values.has(slot)) values.set(slot, slot.create());
      return values.get(slot) as T;
    },
  };
}
