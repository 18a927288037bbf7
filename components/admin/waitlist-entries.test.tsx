/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { WaitlistEntries } from "@/components/admin/waitlist-entries";
import { Toaster } from "@/components/ui/sonner";
import { makeQueryClient } from "@/lib/query-client";
import type { WaitlistListEntry, WaitlistListResponse } from "@/lib/validation/waitlist-query";

// Next's router is outside these components. The fake mirrors what Next does for the History API:
// pushState/replaceState update useSearchParams without a server round trip.
jest.mock("next/navigation", () => {
  const { useMemo, useSyncExternalStore } = jest.requireActual<typeof import("react")>("react");
  const listeners = new Set<() => void>();
  for (const method of ["pushState", "replaceState"] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (...args: Parameters<History["pushState"]>) => {
      original(...args);
      listeners.forEach((listener) => listener());
    };
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    window.addEventListener("popstate", listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("popstate", listener);
    };
  };
  return {
    useSearchParams: () => {
      const search = useSyncExternalStore(subscribe, () => window.location.search);
      return useMemo(() => new URLSearchParams(search), [search]);
    },
    useRouter: () => ({ replace: jest.fn(), push: jest.fn(), refresh: jest.fn() }),
    usePathname: () => window.location.pathname,
  };
});

// jsdom has no network: the fake server answers list and export requests from these handlers.
type Answer = { status: number; body: unknown } | "network-error" | Promise<{ status: number; body: unknown }>;
let respond: (url: URL) => Answer;
let requested: URL[] = [];

function entry(id: number, overrides: Partial<WaitlistListEntry> = {}): WaitlistListEntry {
  return {
    id,
    name: `Person ${id}`,
    email: `person${id}@example.com`,
    businessType: "car",
    businessTypeLabel: "Car valeting & detailing",
    employees: "2-5",
    joinedAt: "2025-04-10T09:30:00.000Z",
    ...overrides,
  };
}

function listAnswer(entries: WaitlistListEntry[], extra: Partial<WaitlistListResponse> = {}): { status: number; body: WaitlistListResponse } {
  return { status: 200, body: { entries, total: entries.length, totalIsExact: true, page: 1, pageSize: 50, ...extra } };
}

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} })) as never;
});

beforeEach(() => {
  window.history.replaceState(null, "", "/admin");
  requested = [];
  respond = () => listAnswer([]);
  global.fetch = (async (input: string) => {
    const url = new URL(input, "http://localhost");
    requested.push(url);
    const answer = await respond(url);
    if (answer === "network-error") throw new TypeError("Failed to fetch");
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    return {
      ok: answer.status < 300,
      status: answer.status,
      statusText: "",
      text: async () => text,
      json: async () => JSON.parse(text),
      blob: async () => new Blob([text], { type: "text/csv" }),
    } as Response;
  }) as typeof fetch;
});

afterEach(() => {
  toast.dismiss();
});

function renderPage() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <WaitlistEntries />
      <Toaster />
    </QueryClientProvider>,
  );
}

const listRequests = () => requested.filter((url) => url.pathname === "/api/admin/waitlist");

describe("WaitlistEntries", () => {
  it("shows 'Loading entries...' and then the rows: label, team-size badge, long date", async () => {
    let release!: () => void;
    respond = () => new Promise((resolve) => (release = () => resolve(listAnswer([entry(1, { employees: "1" }), entry(2, { employees: "11+" })]))));
    renderPage();
    expect(await screen.findByText("Loading entries...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeDisabled();
    act(() => release());

    await screen.findByText("Person 1");
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByText("Person 1")).toBeInTheDocument();
    expect(first.getByText("person1@example.com")).toBeInTheDocument();
    expect(first.getByText("Car valeting & detailing")).toBeInTheDocument();
    expect(first.getByText("Just me")).toHaveAttribute("data-slot", "badge");
    expect(first.getByText("10 April 2025")).toHaveAttribute("dateTime", "2025-04-10T09:30:00.000Z");
    expect(screen.getByText("Showing 1–2 of 2 entries")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeEnabled();
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Name", "Email", "Business Type", "Team Size", "Joined"]);
  });

  it("says 'No waitlist entries found' when the list is empty, and disables the export", async () => {
    renderPage();
    expect(await screen.findByText("No waitlist entries found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeDisabled();
  });

  it("debounces the search, keeps it in the URL and says 'No entries match your search'", async () => {
    const user = userEvent.setup();
    respond = (url) => (url.searchParams.get("q") ? listAnswer([]) : listAnswer([entry(1)]));
    renderPage();
    await screen.findByText("Person 1");
    const box = screen.getByPlaceholderText("Search by name, email, or business type...");
    expect(box).toHaveAccessibleName("Search waitlist entries");

    await user.type(box, "zz top");
    // One request per pause in typing, not one per key.
    expect(await screen.findByText("No entries match your search")).toBeInTheDocument();
    expect(listRequests().map((url) => url.search)).toEqual(["", "?q=zz+top"]);
    expect(window.location.search).toBe("?q=zz+top");
  });

  it("reads the search, page and order from the URL it is opened with", async () => {
    window.history.replaceState(null, "", "/admin?q=smith&page=2&sort=name_asc");
    respond = () => listAnswer([entry(51)], { total: 51, page: 2 });
    renderPage();
    expect(await screen.findByText("Showing 51–51 of 51 matching entries")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search by name, email, or business type...")).toHaveValue("smith");
    expect(listRequests()[0]!.search).toBe("?q=smith&page=2&sort=name_asc");
    expect(screen.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("pages and sorts through the URL", async () => {
    const user = userEvent.setup();
    respond = (url) => {
      const page = Number(url.searchParams.get("page") ?? 1);
      return listAnswer([entry(page * 100)], { total: 120, page, pageSize: 50 });
    };
    renderPage();
    await screen.findByText("Person 100");
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous page" })).toHaveAttribute("aria-disabled", "true");

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Person 200")).toBeInTheDocument();
    expect(window.location.search).toBe("?page=2");
    await user.click(screen.getByRole("button", { name: "Last page" }));
    expect(await screen.findByText("Person 300")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next page" })).toHaveAttribute("aria-disabled", "true");

    await user.click(screen.getByRole("button", { name: /^Name: sort A to Z/ }));
    await waitFor(() => expect(window.location.search).toBe("?sort=name_asc"));
    expect(screen.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByRole("columnheader", { name: /^Joined/ })).toHaveAttribute("aria-sort", "none");
  });

  it("says 'more than' for a broad search's capped total, and offers no last page", async () => {
    window.history.replaceState(null, "", "/admin?q=gmail");
    respond = () => listAnswer([entry(1)], { total: 10_000, totalIsExact: false });
    renderPage();
    expect(await screen.findByText("Showing 1–1 of more than 10,000 matching entries")).toBeInTheDocument();
    expect(screen.getByText("Page 1")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Last page" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next page" })).not.toHaveAttribute("aria-disabled");
  });

  it("shows the error text and the 'Failed to fetch waitlist entries' toast when the list fails", async () => {
    respond = () => ({ status: 503, body: { message: "Database connection failed. Please try again in a few minutes." } });
    renderPage();
    expect(await screen.findByText("Error loading waitlist entries. Please try again.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to fetch waitlist entries")).toBeInTheDocument();
    expect(screen.getByText("Database connection failed. Please try again in a few minutes.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeDisabled();

    respond = () => listAnswer([entry(7)]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Person 7")).toBeInTheDocument();
  });
});

describe("Export as CSV", () => {
  let clicked: { href: string; download: string }[];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = jest.fn(() => "blob:waitlist");
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute("href") ?? "", download: this.download });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it("downloads waitlist_entries.csv of the current search, saying 'Exporting...' meanwhile", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/admin?q=car&sort=name_desc");
    let release!: () => void;
    respond = (url) =>
      url.pathname.endsWith("/export")
        ? new Promise((resolve) => (release = () => resolve({ status: 200, body: '"Name"\r\n' })))
        : listAnswer([entry(1)]);
    renderPage();
    await screen.findByText("Person 1");

    await user.click(screen.getByRole("button", { name: "Export as CSV" }));
    const busy = await screen.findByRole("button", { name: "Exporting..." });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(requested.at(-1)!.pathname).toBe("/api/admin/waitlist/export");
    expect(requested.at(-1)!.search).toBe("?q=car&sort=name_desc");
    act(() => release());

    expect(await screen.findByText("Export successful")).toBeInTheDocument();
    expect(screen.getByText("Waitlist data has been exported as CSV.")).toBeInTheDocument();
    expect(clicked).toEqual([{ href: "blob:waitlist", download: "waitlist_entries.csv" }]);
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeEnabled();
  });

  it("shows 'Export failed' / 'Failed to export waitlist data' when the server refuses", async () => {
    respond = (url) => (url.pathname.endsWith("/export") ? { status: 500, body: { message: "boom" } } : listAnswer([entry(1)]));
    renderPage();
    await screen.findByText("Person 1");
    await userEvent.setup().click(screen.getByRole("button", { name: "Export as CSV" }));
    expect(await screen.findByText("Export failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to export waitlist data")).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it("shows 'An error occurred during export.' when the connection fails", async () => {
    respond = (url) => (url.pathname.endsWith("/export") ? "network-error" : listAnswer([entry(1)]));
    renderPage();
    await screen.findByText("Person 1");
    await userEvent.setup().click(screen.getByRole("button", { name: "Export as CSV" }));
    expect(await screen.findByText("An error occurred during export.")).toBeInTheDocument();
    expect(screen.getByText("Export failed")).toBeInTheDocument();
  });
});
