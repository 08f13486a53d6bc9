import type { Store } from '../../core/store/store.ts';

/**
 * The store, except that the first call of each method named in `methods` is held once it has
 * resolved (its write committed) and never answered; once every named method has been held,
 * `crash()` runs, so no held request gets its answer kept or sent. Later calls pass through.
 */
export function crashingAfter(store: Store, methods: readonly string[], crash: () => void): Store {
  for (const method of methods) {
    if (typeof (store as unknown as Record<string, unknown>)[method] !== 'function') throw new Error(`CRASH_AFTER: the store has no method ${method}`);
  }
  const waiting = new Set(methods);
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !waiting.has(property) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const result: unknown = await value.apply(target, args);
        if (!waiting.delete(property)) return result;
        if (waiting.size === 0) crash();
        return new Promise<never>(() => {});
      };
    },
  });
}
