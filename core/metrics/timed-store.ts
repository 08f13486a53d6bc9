import type { Store } from '../store/store.ts';
import { StorageUnavailableError } from '../store/errors.ts';
import type { ArenaMetrics } from './arena-metrics.ts';

/**
 * The store, with each operation timed and each failure counted under the operation's name
 * (`listAttempts`, `retainAttempt`…), whatever dialect is behind it.
 */
export function timedStore(store: Store, metrics: ArenaMetrics): Store {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      if (!wrapped.has(property)) wrapped.set(property, timed(property, value.bind(target), metrics));
      return wrapped.get(property);
    },
  });
}

function timed(operation: string, call: (...args: unknown[]) => unknown, metrics: ArenaMetrics) {
  return (...args: unknown[]) => {
    const started = performance.now();
    const result = call(...args);
    if (!(result instanceof Promise)) return result;
    const seconds = () => (performance.now() - started) / 1000;
    return result.then(
      (value: unknown) => {
        metrics.storageOperation(operation, seconds(), null);
        return value;
      },
      (error: unknown) => {
        metrics.storageOperation(operation, seconds(), error instanceof StorageUnavailableError ? 'unavailable' : 'other');
        throw error;
      },
    );
  };
}
