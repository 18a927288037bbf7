/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { SelectionBar, WaitlistSelection } from "@/components/admin/waitlist/waitlist-selection";
import { WaitlistTable } from "@/components/admin/waitlist/waitlist-table";
import { makeQueryClient } from "@/lib/query-client";
import { invitationRequestSchema, type WaitlistViewState } from "@/lib/validation/waitlist-query";
import { waitlistRow } from "@/test/waitlist-row";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/admin",
}));

const VIEW: WaitlistViewState = { q: "", page: 1, sort: "joined_desc" };
const ROWS = [1, 2, 3].map((id) =>
  waitlistRow({
    id,
    name: `Person ${id}`,
    email: `p${id}@example.com`,
    businessType: "cleaning",
    employees: "1",
    source: "direct",
    joinedAt: new Date("2025-04-10T09:30:00Z"),
    // Person 3 never confirmed.
    confirmedAt: id === 3 ? null : new Date("2025-04-10T10:00:00Z"),
    status: "waiting",
    place: id === 3 ? null : id,
  }),
);

// The preview as the server would answer: every body it is sent is checked with the request's own schema.
let bodies: unknown[];
beforeAll(() => {
  // jsdom has no ResizeObserver; the dialog's layout code only needs it to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(() => {
  bodies = [];
  global.fetch = (async (_url: string, init?: RequestInit) => {
    const body = invitationRequestSchema.parse(JSON.parse(String(init?.body)));
    bodies.push(body);
    const ids = "ids" in body ? body.ids : [];
    const unconfirmed = ids.filter((id) => id === 3).length;
    const count = ids.length - (body.includeUnconfirmed ? 0 : unconfirmed);
    return {
      ok: true,
      status: 200,
      json: async () => ({ count, unconfirmed, subject: "Your invitation", html: "<p>Hi</p>", text: "Hi" }),
    } as Response;
  }) as typeof fetch;
});

describe("inviting ticked rows", () => {
  it("says how many never confirmed, leaves them out by default, and includes them only when ticked", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <WaitlistSelection pageIds={ROWS.map((row) => row.id)}>
          <SelectionBar view={VIEW} total={3} totalIsExact />
          <WaitlistTable entries={ROWS} view={VIEW} selectable />
        </WaitlistSelection>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("checkbox", { name: "Select every entry on this page" }));
    await user.click(screen.getByRole("button", { name: "Invite selected" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite the selected entries" });
    await waitFor(() =>
      expect(within(dialog).getByRole("status")).toHaveTextContent(
        "2 people will be invited. Entries already invited or accepted are skipped.",
      ),
    );
    expect(within(dialog).getByTestId("unconfirmed")).toHaveTextContent(
      "1 of them never confirmed their email address, and will be left out.",
    );
    const include = within(dialog).getByRole("checkbox", { name: "Invite the one who never confirmed too" });
    expect(include).not.toBeChecked();
    expect(bodies.at(-1)).toMatchObject({ ids: [1, 2, 3], includeUnconfirmed: false });

    await user.click(include);
    await waitFor(() =>
      expect(within(dialog).getByRole("status")).toHaveTextContent(
        "3 people will be invited. Entries already invited or accepted are skipped.",
      ),
    );
    expect(within(dialog).getByTestId("unconfirmed")).toHaveTextContent("and will be invited too.");
    expect(bodies.at(-1)).toMatchObject({ ids: [1, 2, 3], includeUnconfirmed: true });
    expect(within(dialog).getByRole("button", { name: "Invite 3 people" })).toBeEnabled();
  });

  it("offers no choice when everyone chosen confirmed", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <WaitlistSelection pageIds={ROWS.map((row) => row.id)}>
          <SelectionBar view={VIEW} total={3} totalIsExact />
          <WaitlistTable entries={ROWS} view={VIEW} selectable />
        </WaitlistSelection>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("checkbox", { name: "Select Person 1" }));
    await user.click(screen.getByRole("button", { name: "Invite selected" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite the selected entries" });
    await waitFor(() => expect(within(dialog).getByRole("status")).toHaveTextContent("1 person will be invited."));
    expect(within(dialog).queryByTestId("unconfirmed")).not.toBeInTheDocument();
  });
});
