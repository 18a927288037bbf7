import { singleFlightCache } from "@/lib/single-flight-cache";

/** A loader whose calls are counted and which resolves only when the test says so. */
function controlledLoader() {
  const calls: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const load = () => new Promise<number>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, load };
}

describe("singleFlightCache", () => {
  it("makes one load however many callers wait for it", async () => {
    const { calls, load } = controlledLoader();
    const cache = singleFlightCache(1_000, load, () => 0);
    const waiting = Array.from({ length: 50 }, () => cache.get());
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(42);
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(42));
  });

  it("serves the value until ttl has passed since its load started, then loads again", async () => {
    let clock = 0;
    const { calls, load } = controlledLoader();
    const cache = singleFlightCache(1_000, load, () => clock);
    const first = cache.get();
    clock = 300; // the load takes 300 ms
    calls[0]!.resolve(1);
    expect(await first).toBe(1);
    clock = 999;
    expect(await cache.get()).toBe(1);
    expect(calls).toHaveLength(1);
    clock = 1_000;
    const second = cache.get();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(2);
    expect(await second).toBe(2);
  });

  it("after invalidate, never answers with a load that started before it", async () => {
    const { calls, load } = controlledLoader();
    const cache = singleFlightCache(1_000, load, () => 0);
    const before = cache.get();
    cache.invalidate(); // e.g. a signup landed while the count was being read
    const after = cache.get();
    expect(calls).toHaveLength(2);
    calls[0]!.resolve(10);
    calls[1]!.resolve(11);
    expect(await before).toBe(10);
    expect(await after).toBe(11);
    expect(await cache.get()).toBe(11);
    expect(calls).toHaveLength(2);
  });

  it("does not keep a failure: the next caller loads again", async () => {
    const { calls, load } = controlledLoader();
    const cache = singleFlightCache(1_000, load, () => 0);
    const failing = cache.get();
    calls[0]!.reject(new Error("database down"));
    await expect(failing).rejects.toThrow("database down");
    const retry = cache.get();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(5);
    expect(await retry).toBe(5);
  });
});
