/** A value loaded at most once per `ttlMs`, however many callers ask meanwhile. */
export interface SingleFlightCache<T> {
  /** The cached value while it is fresh; otherwise the load already running, or a new one. */
  get(): Promise<T>;
  /** Drops the value, and makes callers from now on wait for a load that starts after this call. */
  invalidate(): void;
}

/**
 * Caches what `load` returns for `ttlMs`, counted from when the load started (so the value is never
 * older than that), with one load at a time. A failed load is not cached.
 */
export function singleFlightCache<T>(
  ttlMs: number,
  load: () => Promise<T>,
  now: () => number = () => performance.now(),
): SingleFlightCache<T> {
  let value: { data: T; loadedAt: number } | undefined;
  let pending: { promise: Promise<T>; generation: number } | undefined;
  let generation = 0;
  return {
    get() {
      if (value && now() - value.loadedAt < ttlMs) return Promise.resolve(value.data);
      if (pending?.generation === generation) return pending.promise;
      const started = { generation, at: now() };
      const promise = load()
        .then((data) => {
          // A change made while this load ran may not be in it: only a load that started after the
          // last invalidation may be kept.
          if (started.generation === generation) value = { data, loadedAt: started.at };
          return data;
        })
        .finally(() => {
          if (pending?.promise === promise) pending = undefined;
        });
      pending = { promise, generation };
      return promise;
    },
    invalidate() {
      generation += 1;
      value = undefined;
    },
  };
}
