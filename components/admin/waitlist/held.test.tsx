/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { AdminShell } from "@/components/admin/shell/admin-shell";
import { HeldActions } from "@/components/admin/waitlist/held-actions";
import { HeldNotice } from "@/components/admin/waitlist/held-badge";
import { SelectionBar, WaitlistSelection } from "@/components/admin/waitlist/waitlist-selection";
import { WaitlistTable } from "@/components/admin/waitlist/waitlist-table";
import { Toaster } from "@/components/ui/sonner";
import { makeQueryClient } from "@/lib/query-client";
import { heldActionSchema } from "@/lib/validation/held";
import type { WaitlistViewState } from "@/lib/validation/waitlist-query";
import { waitlistRow } from "@/test/waitlist-row";

const push = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push, refresh, prefetch: jest.fn() }),
  usePathname: () => "/admin",
}));

const HELD_VIEW: WaitlistViewState = { q: "", page: 1, sort: "joined_desc", held: "yes" };
const ROWS = [1, 2, 3].map((id) =>
  waitlistRow({
    id,
    name: `Person ${id}`,
    email: `p${id}@example.com`,
    businessType: "cleaning",
    employees: "1",
    source: "direct",
    joinedAt: new Date("2025-04-10T09:30:00Z"),
    status: "waiting",
    heldAt: new Date("2025-04-10T09:30:00Z"),
    heldReason: "missing",
  }),
);

// What the held endpoint was sent (checked with its own schema), and what it answers.
let bodies: unknown[];
let reply: { status: number; body: unknown };
beforeAll(() => {
  // jsdom has no ResizeObserver or matchMedia; the dialogs and the toaster only need them to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as never;
});
beforeEach(() => {
  push.mockReset();
  refresh.mockReset();
  bodies = [];
  reply = { status: 200, body: {} };
  global.fetch = (async (url: string, init?: RequestInit) => {
    expect(`${init?.method} ${url}`).toBe("POST /api/admin/waitlist/held");
    bodies.push(heldActionSchema.parse(JSON.parse(String(init?.body))));
    const text = JSON.stringify(reply.body);
    return {
      ok: reply.status < 300,
      status: reply.status,
      statusText: "",
      text: async () => text,
      json: async () => JSON.parse(text),
    } as Response;
  }) as typeof fetch;
});
afterEach(() => {
  toast.dismiss();
});

const renderWithClient = (ui: React.ReactNode) => {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
};

describe("the sidebar's held count", () => {
  it('links to the held signups, reading as words ("3 held"), to the eye and by name, beside the list\'s own link', () => {
    renderWithClient(
      <AdminShell name="Ada" email="ada@example.com" heldCount={3}>
        <h1>Page</h1>
      </AdminShell>,
    );
    const nav = screen.getByRole("navigation", { name: "Admin" });
    expect(within(nav).getByRole("link", { name: "Waitlist Entries" })).toHaveAttribute("href", "/admin");
    const badge = within(nav).getByRole("link", { name: "3 held" });
    expect(badge).toHaveAttribute("href", "/admin?held=yes");
    // What a sighted admin reads is the same words, not a bare number.
    expect(badge).toHaveTextContent(/^3 held$/);
    cleanup();

    renderWithClient(
      <AdminShell name="Ada" email="ada@example.com" heldCount={1234}>
        <h1>Page</h1>
      </AdminShell>,
    );
    expect(screen.getByRole("link", { name: "1,234 held" })).toHaveTextContent(/^1,234 held$/);
  });

  it("shows no badge when none are held", () => {
    renderWithClient(
      <AdminShell name="Ada" email="ada@example.com" heldCount={0}>
        <h1>Page</h1>
      </AdminShell>,
    );
    expect(screen.queryByRole("link", { name: /held/ })).not.toBeInTheDocument();
  });
});

describe("held entries in the list", () => {
  it("shows Held in place of the status, and why in plain words in the row itself, the full reason as its tooltip", () => {
    renderWithClient(
      <WaitlistTable
        entries={[
          ROWS[0]!,
          { ...ROWS[1]!, heldReason: "replayed" },
          { ...ROWS[2]!, heldReason: "malformed" },
          { ...ROWS[2]!, id: 4, heldAt: null, heldReason: null },
        ]}
        view={HELD_VIEW}
      />,
    );
    const [noScript, replayed, malformed, notHeld] = screen.getAllByRole("row").slice(1);
    // A person whose browser runs no JavaScript reads differently from a reused or garbled check.
    expect(within(noScript!).getByTestId("held-badge")).toHaveTextContent(/^Held:?$/);
    expect(within(noScript!).getByTestId("held-reason")).toHaveTextContent(/^No check: JavaScript off, or a script$/);
    expect(within(noScript!).getByTestId("held-reason")).toHaveAttribute(
      "title",
      expect.stringMatching(/^Sent without the form's background check/),
    );
    expect(within(replayed!).getByTestId("held-reason")).toHaveTextContent(/^Check already used$/);
    expect(within(malformed!).getByTestId("held-reason")).toHaveTextContent(/^Garbled check$/);
    expect(within(notHeld!).queryByTestId("held-badge")).not.toBeInTheDocument();
    expect(within(notHeld!).queryByTestId("held-reason")).not.toBeInTheDocument();
    expect(within(notHeld!).getByText("Waiting")).toBeInTheDocument();
  });

  it("releases or deletes the ticked rows of the held list after saying how many, then clears the selection", async () => {
    const user = renderWithClient(
      <WaitlistSelection pageIds={ROWS.map((row) => row.id)}>
        <SelectionBar view={HELD_VIEW} total={3} totalIsExact />
        <WaitlistTable entries={ROWS} view={HELD_VIEW} selectable />
      </WaitlistSelection>,
    );
    expect(screen.getByText("Tick held entries to release or delete them.")).toBeInTheDocument();
    // A held entry cannot be invited: the invitation buttons are not offered here.
    expect(screen.queryByRole("button", { name: /Invite/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select Person 1" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Person 3" }));
    expect(screen.queryByRole("button", { name: /Invite/ })).not.toBeInTheDocument();

    reply = { status: 200, body: { deleted: 2 } };
    await user.click(screen.getByRole("button", { name: "Delete selected" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete 2 entries?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete 2 entries" }));
    expect(await screen.findByText("Deleted 2 entries")).toBeInTheDocument();
    expect(bodies).toEqual([{ action: "delete", ids: [1, 3] }]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.getByRole("checkbox", { name: "Select Person 1" })).not.toBeChecked();
    expect(refresh).toHaveBeenCalled();

    // By keyboard: Space ticks, Enter opens the question and confirms.
    reply = { status: 200, body: { released: 1 } };
    screen.getByRole("checkbox", { name: "Select Person 2" }).focus();
    await user.keyboard(" ");
    screen.getByRole("button", { name: "Release selected" }).focus();
    await user.keyboard("{Enter}");
    const release = await screen.findByRole("alertdialog", { name: "Release 1 entry?" });
    within(release).getByRole("button", { name: "Release 1 entry" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Released 1 entry")).toBeInTheDocument();
    // One person, one email.
    expect(screen.getByText("Their confirmation email is on its way.")).toBeInTheDocument();
    expect(bodies[1]).toEqual({ action: "release", ids: [2] });
  });
});

describe("a held entry's page", () => {
  const renderEntry = () =>
    renderWithClient(
      <HeldNotice heldAt="10 Apr 2025, 09:30 UTC" reason="expired">
        <HeldActions entry={{ id: 7, name: "Sam", email: "sam@example.com" }} />
      </HeldNotice>,
    );

  it("says when and why it was held", () => {
    renderEntry();
    const notice = screen.getByRole("region", { name: "Held for review" });
    expect(notice).toHaveTextContent("Held since 10 Apr 2025, 09:30 UTC.");
    expect(notice).toHaveTextContent("Why: The form's background check had expired");
  });

  it("releases it after asking, and draws the page again", async () => {
    reply = { status: 200, body: { released: 1 } };
    const user = renderEntry();
    await user.click(screen.getByRole("button", { name: "Release" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Release Sam?" });
    expect(dialog).toHaveTextContent("sent their confirmation email now");
    await user.click(within(dialog).getByRole("button", { name: "Release" }));
    expect(await screen.findByText("Entry released")).toBeInTheDocument();
    expect(bodies).toEqual([{ action: "release", ids: [7] }]);
    expect(refresh).toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it("deletes it after asking, and goes back to the list", async () => {
    reply = { status: 200, body: { deleted: 1 } };
    const user = renderEntry();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Sam?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Entry deleted")).toBeInTheDocument();
    expect(bodies).toEqual([{ action: "delete", ids: [7] }]);
    expect(push).toHaveBeenCalledWith("/admin");
  });

  it("says so when the server refuses, and stays", async () => {
    reply = { status: 500, body: { message: "The database is busy." } };
    const user = renderEntry();
    await user.click(screen.getByRole("button", { name: "Release" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Release" }));
    expect(await screen.findByText("Could not release the entry")).toBeInTheDocument();
    expect(push).not.toHaveBeenCalled();
  });
});
