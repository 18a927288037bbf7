import { makeQueryClient } from "@/lib/query-client";

describe("makeQueryClient", () => {
  it("fetches only when asked: never stale, no refetch on focus, no polling, no retries", () => {
    const defaults = makeQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(typeof defaults.queries?.queryFn).toBe("function");
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it("gives each caller its own client (no state shared between requests)", () => {
    expect(makeQueryClient()).not.toBe(makeQueryClient());
  });
});
