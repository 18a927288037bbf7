/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { lastPageOf, Pagination } from "@/components/admin/kit/pagination";
import { WaitlistExportButton } from "@/components/admin/waitlist/waitlist-export-button";
import {
  SEARCH_DEBOUNCE_MS,
  WaitlistFilters,
  WaitlistSearchBox,
} from "@/components/admin/waitlist/waitlist-search-box";
import { SelectionBar, WaitlistSelection } from "@/components/admin/waitlist/waitlist-selection";
import { COLUMN_STYLES, WaitlistTable } from "@/components/admin/waitlist/waitlist-table";
import { Toaster } from "@/components/ui/sonner";
import { LIST_COLUMNS } from "@/lib/data/waitlist/columns";
import { makeQueryClient } from "@/lib/query-client";
import { teamSizeLabel } from "@/lib/validation/waitlist";
import { waitlistViewSearch, type WaitlistViewState } from "@/lib/validation/waitlist-query";
import { waitlistRow } from "@/test/waitlist-row";

// The list itself renders on the server (covered end to end in e2e/admin-waitlist.spec.ts); these are its
// parts that run in the browser, or render the same anywhere. Next's router is outside them: a stand-in
// records where they send the browser.
const replace = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/admin",
}));

const VIEW: WaitlistViewState = { q: "", page: 1, sort: "joined_desc" };

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as never;
});
beforeEach(() => replace.mockReset());
afterEach(() => {
  toast.dismiss();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("WaitlistTable", () => {
  const entries = [
    waitlistRow({
      id: 1,
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      source: "www.reddit.com",
      joinedAt: new Date("2025-04-10T09:30:00Z"),
      status: "invited",
    }),
  ];

  it("shows the list's columns, the business type label, the team-size badge, the source and the long date", () => {
    render(<WaitlistTable entries={entries} view={VIEW} />);
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    // A checkbox column, then the list's columns as the descriptors give them: these among them, in this order.
    expect(headers).toEqual(["Select", ...LIST_COLUMNS.map((column) => column.list)]);
    const known = ["Place", "Name", "Email", "Business Type", "Team Size", "Source", "Joined", "Confirmed", "Status"];
    expect(headers.filter((header) => known.includes(header!))).toEqual(known);
    expect(headers.at(-1)).toBe("Referrals");
    const row = screen.getAllByRole("row")[1]!;
    // Invited: out of the line.
    expect(within(row).getByText("No place")).toBeInTheDocument();
    // The short label, with the whole one in its title.
    expect(within(row).getByText("Car valeting")).toHaveAttribute("title", "Car valeting & detailing");
    expect(within(row).getByText(teamSizeLabel("2-5"))).toBeInTheDocument();
    expect(within(row).getByText("www.reddit.com")).toBeInTheDocument();
    expect(within(row).getByText("10 April 2025")).toBeInTheDocument();
    expect(within(row).getByText("Not yet")).toBeInTheDocument();
    expect(within(row).getByText("Invited")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Ann Smith" })).toHaveAttribute("href", "/admin/waitlist/1");
    // On a phone each row is a compact card of the name, business, status, place and joined date: the table's
    // stylesheet hides every other column's cells by their place after the checkbox's.
    expect(within(row).getAllByRole("cell")).toHaveLength(1 + LIST_COLUMNS.length);
    const onCard = LIST_COLUMNS.filter((column) => column.card).map((column) => column.key);
    expect(onCard.sort()).toEqual(["businessType", "joinedAt", "name", "place", "status"]);
    LIST_COLUMNS.forEach((column, index) => {
      const hidden = `[data-stack] .waitlist-table td:nth-child(${index + 2}){display:none}`;
      if (column.card) expect(COLUMN_STYLES).not.toContain(hidden);
      else expect(COLUMN_STYLES).toContain(hidden);
    });
    // And each column's look, on every width: the name's cells at least 7rem wide, in medium weight.
    const name = LIST_COLUMNS.findIndex((column) => column.key === "name") + 2;
    expect(COLUMN_STYLES).toContain(`:where(.waitlist-table td:nth-child(${name})){min-width:7rem;font-weight:500}`);
  });

  it("selects rows one by one, the whole page, then every matching entry, and clears", async () => {
    const user = userEvent.setup();
    const rows = [entries[0]!, { ...entries[0]!, id: 2, name: "Bob Jones", email: "bob@example.com" }];
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <WaitlistSelection pageIds={rows.map((row) => row.id)}>
          <SelectionBar view={VIEW} total={120} totalIsExact />
          <WaitlistTable entries={rows} view={VIEW} selectable />
        </WaitlistSelection>
      </QueryClientProvider>,
    );
    expect(screen.getByText("Tick entries to invite them, or invite the next ones in the queue.")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select Bob Jones" }));
    expect(screen.getByText("1 selected on this page.")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select every entry on this page" })).toHaveAttribute(
      "aria-checked",
      "mixed",
    );
    expect(screen.queryByRole("button", { name: /Select all/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select every entry on this page" }));
    expect(screen.getByText("2 selected on this page.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Select all 120 matching" }));
    expect(screen.getByText("All 120 matching entries are selected.")).toBeInTheDocument();
    // Unticking a row goes back to choosing rows on this page.
    await user.click(screen.getByRole("checkbox", { name: "Select Ann Smith" }));
    expect(screen.getByText("1 selected on this page.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getAllByRole("checkbox").every((box) => box.getAttribute("aria-checked") === "false")).toBe(true);
  });

  it("links each sortable header to the same search in the next order, from page 1", () => {
    render(<WaitlistTable entries={entries} view={{ q: "ann", page: 3, sort: "name_asc" }} />);
    expect(screen.getByRole("link", { name: "Name: sort Z to A" })).toHaveAttribute("href", "?q=ann&sort=name_desc");
    expect(screen.getByRole("link", { name: "Joined: sort newest first" })).toHaveAttribute("href", "?q=ann");
    expect(screen.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByRole("link", { name: "Place: sort front of the line first" })).toHaveAttribute(
      "href",
      "?q=ann&sort=place_asc",
    );
  });

  it("shows a place in line and the referrals credited, and sorts the line either way", () => {
    const inLine = [{ ...entries[0]!, status: "waiting", place: 1234, referrals: 3 }];
    const { rerender } = render(<WaitlistTable entries={inLine} view={{ q: "", page: 1, sort: "place_asc" }} />);
    const row = screen.getAllByRole("row")[1]!;
    expect(within(row).getByText("#1,234")).toBeInTheDocument();
    expect(within(row).getAllByRole("cell").at(-1)).toHaveTextContent("3");
    expect(screen.getByRole("columnheader", { name: /Place/ })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByRole("link", { name: "Place: sort no place first, then the back of the line" })).toHaveAttribute(
      "href",
      "?sort=place_desc",
    );
    rerender(<WaitlistTable entries={inLine} view={{ q: "", page: 1, sort: "place_desc" }} />);
    expect(screen.getByRole("columnheader", { name: /Place/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("link", { name: "Place: sort front of the line first" })).toHaveAttribute(
      "href",
      "?sort=place_asc",
    );
  });

  it("shows a message row instead of rows: empty, error with its action", () => {
    const { rerender } = render(
      <WaitlistTable entries={[]} view={VIEW} message={{ kind: "empty", text: "No waitlist entries found" }} />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("No waitlist entries found");
    rerender(
      <WaitlistTable
        entries={[]}
        view={VIEW}
        message={{
          kind: "error",
          text: "Error loading waitlist entries. Please try again.",
          action: <button>Try again</button>,
        }}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Error loading waitlist entries. Please try again.");
  });
});

/** The list's page controls, as the waitlist page draws them: links to the same search and order. */
function WaitlistPagination({
  view,
  pageSize,
  total,
  totalIsExact,
}: {
  view: WaitlistViewState;
  pageSize: number;
  total: number;
  totalIsExact: boolean;
}) {
  return (
    <Pagination
      page={view.page}
      lastPage={lastPageOf(total, pageSize, totalIsExact)}
      hrefFor={(page) => `?${waitlistViewSearch({ ...view, page })}`}
    />
  );
}

describe("Pagination", () => {
  it("links to the first, previous, next and last pages of the same search and order", () => {
    render(
      <WaitlistPagination view={{ q: "ann", page: 2, sort: "name_asc" }} pageSize={50} total={160} totalIsExact />,
    );
    expect(screen.getByText("Page 2 of 4")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "First page" })).toHaveAttribute("href", "?q=ann&sort=name_asc");
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "?q=ann&sort=name_asc");
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "?q=ann&page=3&sort=name_asc");
    expect(screen.getByRole("link", { name: "Last page" })).toHaveAttribute("href", "?q=ann&page=4&sort=name_asc");
  });

  it("marks the ends as unavailable, and offers no last page while the total is a lower bound", () => {
    render(<WaitlistPagination view={{ ...VIEW, page: 1 }} pageSize={50} total={1000} totalIsExact={false} />);
    expect(screen.getByRole("link", { name: "First page" })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("link", { name: "First page" })).not.toHaveAttribute("href");
    expect(screen.queryByRole("link", { name: "Last page" })).not.toBeInTheDocument();
    expect(screen.getByText("Page 1")).toBeInTheDocument();
  });
});

describe("WaitlistFilters", () => {
  it("filters by status, business type, team size and confirmed, together, keeping the search and order and going back to page 1", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<WaitlistFilters view={{ q: "ann", page: 3, sort: "name_asc" }} />);
    await user.selectOptions(screen.getByRole("combobox", { name: "Confirmed" }), "Confirmed");
    expect(replace).toHaveBeenLastCalledWith("/admin?q=ann&sort=name_asc&confirmed=yes", { scroll: false });
    rerender(<WaitlistFilters view={{ q: "ann", page: 1, sort: "name_asc", confirmed: "yes" }} />);
    await user.selectOptions(screen.getByRole("combobox", { name: "Business type" }), "Cleaning");
    expect(replace).toHaveBeenLastCalledWith("/admin?q=ann&sort=name_asc&confirmed=yes&type=cleaning", {
      scroll: false,
    });
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Invited");
    expect(replace).toHaveBeenLastCalledWith("/admin?q=ann&sort=name_asc&confirmed=yes&status=invited", {
      scroll: false,
    });
    await user.selectOptions(screen.getByRole("combobox", { name: "Confirmed" }), "Confirmed or not");
    expect(replace).toHaveBeenLastCalledWith("/admin?q=ann&sort=name_asc", { scroll: false });
  });

  it("offers the known sources as the source field is typed, and still takes one it does not know", async () => {
    const user = userEvent.setup();
    render(
      <WaitlistFilters view={{ q: "", page: 2, sort: "joined_desc" }} sources={["newsletter", "t.co", "direct"]} />,
    );
    await user.click(screen.getByRole("button", { name: "More filters" }));
    const field = screen.getByRole("combobox", { name: "Source" });
    const list = document.getElementById(field.getAttribute("list") ?? "");
    expect(list?.tagName).toBe("DATALIST");
    expect(Array.from(list!.querySelectorAll("option"), (option) => option.value)).toEqual([
      "newsletter",
      "t.co",
      "direct",
    ]);
    await user.type(field, "T.CO{Enter}");
    expect(replace).toHaveBeenLastCalledWith("/admin?source=t.co", { scroll: false });
    await user.clear(field);
    await user.type(field, "podcast{Enter}");
    expect(replace).toHaveBeenLastCalledWith("/admin?source=podcast", { scroll: false });
  });

  it("is a plain text field when no source is known yet", () => {
    render(<WaitlistFilters view={{ q: "", page: 1, sort: "joined_desc" }} />);
    expect(screen.getByRole("textbox", { name: "Source", hidden: true })).not.toHaveAttribute("list");
  });

  it("keeps the less-used filters behind 'More filters', which says how many are on and opens when one is", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<WaitlistFilters view={{ q: "", page: 1, sort: "joined_desc", status: "waiting" }} />);
    const more = screen.getByRole("button", { name: "More filters" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("combobox", { name: "Status" })).toBeVisible();
    expect(screen.queryByRole("combobox", { name: "Team size" })).not.toBeInTheDocument();
    await user.click(more);
    expect(more).toHaveAttribute("aria-expanded", "true");
    await user.selectOptions(screen.getByRole("combobox", { name: "Team size" }), "2-5");
    expect(replace).toHaveBeenLastCalledWith("/admin?status=waiting&size=2-5", { scroll: false });
    unmount();
    render(<WaitlistFilters view={{ q: "", page: 1, sort: "joined_desc", size: "2-5", held: "yes" }} />);
    expect(screen.getByRole("button", { name: "More filters , 2 on" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("combobox", { name: "Team size" })).toHaveValue("2-5");
  });
});

describe("WaitlistSearchBox", () => {
  it("puts the search in the URL once typing pauses, keeping the order and going back to page 1", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<WaitlistSearchBox view={{ q: "", page: 4, sort: "name_asc", confirmed: "no" }} />);
    const box = screen.getByRole("searchbox", { name: "Search waitlist entries" });
    expect(box).toHaveAttribute("placeholder", "Search by name, email, or business type...");
    await user.type(box, "  Smith ");
    expect(replace).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith("/admin?q=Smith&sort=name_asc&confirmed=no", { scroll: false });
  });

  it("follows the URL when it changes under it (back, forward, a link), but keeps typing that means the same", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<WaitlistSearchBox view={{ q: "ann", page: 1, sort: "joined_desc" }} />);
    const box = screen.getByRole("searchbox", { name: "Search waitlist entries" });
    rerender(<WaitlistSearchBox view={{ q: "bob", page: 1, sort: "joined_desc" }} />);
    expect(box).toHaveValue("bob");
    await user.type(box, " ");
    rerender(<WaitlistSearchBox view={{ q: "bob", page: 2, sort: "joined_desc" }} />);
    expect(box).toHaveValue("bob ");

    rerender(<WaitlistFilters view={{ q: "", page: 1, sort: "joined_desc", source: "newsletter" }} />);
    const source = screen.getByRole("textbox", { name: "Source" });
    expect(source).toHaveValue("newsletter");
    rerender(<WaitlistFilters view={{ q: "", page: 1, sort: "joined_desc", source: "t.co" }} />);
    expect(source).toHaveValue("t.co");
  });

  it("searches at once on Enter, and the clear button empties the search and keeps focus in the box", async () => {
    const user = userEvent.setup();
    render(<WaitlistSearchBox view={{ q: "ann", page: 1, sort: "joined_desc" }} />);
    const box = screen.getByRole("searchbox", { name: "Search waitlist entries" });
    await user.clear(box);
    await user.type(box, "bob{Enter}");
    expect(replace).toHaveBeenLastCalledWith("/admin?q=bob", { scroll: false });
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(replace).toHaveBeenLastCalledWith("/admin", { scroll: false });
    expect(box).toHaveValue("");
    expect(box).toHaveFocus();
  });
});

// jsdom has no fetch Response: what the button reads of one.
const answer = (status: number) => ({ ok: status >= 200 && status < 300, status }) as Response;

describe("Export as CSV", () => {
  let clicked: { href: string; download: string }[];
  let headAnswer: () => Promise<Response>;
  let requests: { url: string; method: string }[];

  beforeEach(() => {
    clicked = [];
    requests = [];
    headAnswer = async () => answer(204);
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute("href") ?? "", download: this.download });
    });
    global.fetch = (async (url: string, init?: RequestInit) => {
      requests.push({ url, method: init?.method ?? "GET" });
      return headAnswer();
    }) as typeof fetch;
  });

  function renderButton(props: Partial<React.ComponentProps<typeof WaitlistExportButton>> = {}) {
    render(
      <>
        <WaitlistExportButton view={{ q: "car", page: 2, sort: "name_desc" }} empty={false} {...props} />
        <Toaster />
      </>,
    );
    return userEvent.setup();
  }

  it("asks the server first, then lets the browser download waitlist_entries.csv of the current search, saying 'Exporting...' meanwhile", async () => {
    let release!: () => void;
    headAnswer = () => new Promise((resolve) => (release = () => resolve(answer(204))));
    const user = renderButton();
    await user.click(screen.getByRole("button", { name: "Export as CSV" }));
    const busy = await screen.findByRole("button", { name: "Exporting..." });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(requests).toEqual([{ url: "/api/admin/waitlist/export?q=car&sort=name_desc", method: "HEAD" }]);
    act(() => release());
    expect(await screen.findByText("Export successful")).toBeInTheDocument();
    expect(screen.getByText("Waitlist data has been exported as CSV.")).toBeInTheDocument();
    expect(clicked).toEqual([
      { href: "/api/admin/waitlist/export?q=car&sort=name_desc", download: "waitlist_entries.csv" },
    ]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Export as CSV" })).toBeEnabled());
  });

  it("is disabled while the list loads and when it is empty", () => {
    const { rerender } = render(<WaitlistExportButton view={VIEW} loading empty />);
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeDisabled();
    rerender(<WaitlistExportButton view={VIEW} empty />);
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeDisabled();
    rerender(<WaitlistExportButton view={VIEW} empty={false} />);
    expect(screen.getByRole("button", { name: "Export as CSV" })).toBeEnabled();
  });

  it("shows 'Export failed' / 'Failed to export waitlist data' when the server refuses, and downloads nothing", async () => {
    headAnswer = async () => answer(429);
    const user = renderButton();
    await user.click(screen.getByRole("button", { name: "Export as CSV" }));
    expect(await screen.findByText("Export failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to export waitlist data")).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it("goes to the login page when the session has ended", async () => {
    headAnswer = async () => answer(401);
    const user = renderButton();
    await user.click(screen.getByRole("button", { name: "Export as CSV" }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/admin/login"));
    expect(clicked).toEqual([]);
  });

  it("shows 'An error occurred during export.' when the connection fails", async () => {
    headAnswer = async () => {
      throw new TypeError("Failed to fetch");
    };
    const user = renderButton();
    await user.click(screen.getByRole("button", { name: "Export as CSV" }));
    expect(await screen.findByText("An error occurred during export.")).toBeInTheDocument();
    expect(screen.getByText("Export failed")).toBeInTheDocument();
  });
});
