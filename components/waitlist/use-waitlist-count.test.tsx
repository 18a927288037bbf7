/** @jest-environment jsdom */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";

import { WAITLIST_COUNT_KEY, WAITLIST_COUNT_STALE_MS } from "@/components/waitlist/use-waitlist-count";
import { WaitlistCount } from "@/components/waitlist/waitlist-count";
import { makeQueryClient } from "@/lib/query-client";

let requests: string[];
let count: number;

beforeEach(() => {
  jest.useFakeTimers();
  requests = [];
  count = 41;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    requests.push(String(input));
    const text = JSON.stringify({ count });
    return {
      ok: true,
      status: 200,
      statusText: "OK",
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as Response;
  }) as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

/** Mounts the count line with `client` (as a page navigation back to the landing page would) and lets it settle. */
async function mount(client: QueryClient) {
  const view = render(
    <QueryClientProvider client={client}>
      <WaitlistCount />
    </QueryClientProvider>,
  );
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  return view;
}

async function wait(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

describe("useWaitlistCount", () => {
  it("keeps the count for 5 minutes: a remount within them does not refetch, one after them does", async () => {
    expect(WAITLIST_COUNT_STALE_MS).toBe(5 * 60 * 1000);
    const client = makeQueryClient();

    const first = await mount(client);
    expect(requests).toHaveLength(1);
    expect(screen.getByTestId("waitlist-count")).toHaveTextContent(
      "41 businesses have already joined the waiting list",
    );
    first.unmount();

    count = 42;
    await wait(WAITLIST_COUNT_STALE_MS - 1000);
    const second = await mount(client);
    expect(requests).toHaveLength(1);
    expect(screen.getByTestId("waitlist-count")).toHaveTextContent("41 businesses");
    second.unmount();

    // Past 5 minutes since the fetch (the unmounted query is still in the cache: its garbage collection
    // restarted at the last unmount), so only staleness makes the remount fetch again.
    await wait(2000);
    expect(client.getQueryData(WAITLIST_COUNT_KEY)).toBe(41);
    await mount(client);
    expect(requests).toHaveLength(2);
    expect(screen.getByTestId("waitlist-count")).toHaveTextContent("42 businesses");
  });
});
