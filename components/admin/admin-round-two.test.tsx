/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import ListLoading from "@/app/admin/(dashboard)/(list)/loading";
import AuditLoading from "@/app/admin/(dashboard)/audit/loading";
import EmailsLoading from "@/app/admin/(dashboard)/emails/loading";
import ImportLoading from "@/app/admin/(dashboard)/import/loading";
import AdminPageNotFound from "@/app/admin/(dashboard)/not-found";
import OverviewLoading from "@/app/admin/(dashboard)/overview/loading";
import SettingsLoading from "@/app/admin/(dashboard)/settings/loading";
import UsersLoading from "@/app/admin/(dashboard)/users/loading";
import EntryLoading from "@/app/admin/(dashboard)/waitlist/[id]/loading";
import EntryNotFound from "@/app/admin/(dashboard)/waitlist/[id]/not-found";
import { describeAuditDetails, describeWaitlistFilters } from "@/components/admin/audit/audit-details";
import { EntryActions } from "@/components/admin/entry/entry-actions";
import { emailEventText } from "@/components/admin/entry/entry-timeline";
import { EmailAddress, emailAddressParts } from "@/components/admin/kit/email-address";
import { AdminRoleProvider } from "@/components/admin/shell/role-context";
import { WaitlistFilters } from "@/components/admin/waitlist/waitlist-search-box";
import { SelectionBar, WaitlistSelection } from "@/components/admin/waitlist/waitlist-selection";
import { makeQueryClient } from "@/lib/query-client";
import type { WaitlistViewState } from "@/lib/validation/waitlist-query";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/admin",
}));

const VIEW: WaitlistViewState = { q: "", page: 1, sort: "joined_desc" };

beforeAll(() => {
  // jsdom has no ResizeObserver; the dialogs' layout code only needs it to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe("an email address", () => {
  it("may wrap only after its @ and before its dots, keeping every character", () => {
    expect(emailAddressParts("rosa.nowak53@example.com")).toEqual(["rosa", ".nowak53@", "example", ".com"]);
    const { container } = render(<EmailAddress address="probe-admin@example.co.uk" />);
    const address = container.querySelector("[data-email-address]")!;
    expect(address.textContent).toBe("probe-admin@example.co.uk");
    expect(address.innerHTML).toBe("probe-admin@<wbr>example<wbr>.co<wbr>.uk");
    // Never broken just anywhere: break-all and overflow-wrap:anywhere would split "example.c" from "om".
    expect(address.className).not.toMatch(/break-all|anywhere/);
  });
});

describe("an entry's timeline", () => {
  const at = new Date("2026-11-25T16:40:00Z");
  it("says in words what each email was, who it went to and what became of it", () => {
    expect(
      emailEventText({ kind: "signup-alert", status: "sent", createdAt: at, sentAt: at, lastError: null }, true),
    ).toBe("Alert about this signup sent to your team");
    expect(
      emailEventText(
        {
          kind: "confirmation",
          status: "sent",
          createdAt: at,
          sentAt: new Date("2026-11-25T17:05:00Z"),
          lastError: null,
        },
        true,
      ),
    ).toBe("Confirmation email sent to them at 25 Nov 2026, 17:05 UTC");
    expect(
      emailEventText(
        {
          kind: "invitation",
          status: "failed",
          createdAt: at,
          sentAt: null,
          lastError: "Can't send mail - all recipients were rejected: 550 5.1.1 Mailbox unavailable",
        },
        true,
      ),
    ).toBe("Invitation email to them could not be sent; the Emails page has the mail server's reason");
    expect(
      emailEventText({ kind: "confirmation", status: "pending", createdAt: at, sentAt: null, lastError: null }, false),
    ).toBe("Confirmation email to them not sent: email is not configured on this site");
  });
});

describe("the audit log's details", () => {
  it("reads as sentences, never as JSON", () => {
    const invite = describeAuditDetails("waitlist.invite", {
      note: false,
      limit: 5,
      filter: { q: "" },
      invited: 5,
      includeUnconfirmed: false,
    });
    expect(invite).toEqual(["5 people invited from the next 5 in the queue."]);
    expect(describeAuditDetails("admin.role", { email: "a@example.com", from: "member", to: "admin" })).toEqual([
      "Role changed from Member to Admin.",
    ]);
    expect(describeAuditDetails("session.revoke_others", { ended: 1 })).toEqual(["1 other session ended."]);
    expect(describeAuditDetails("notifications.change", { from: "each", to: "digest" })).toEqual([
      "From every new signup to a daily digest.",
    ]);
    expect(
      describeAuditDetails("waitlist.export", { filters: { q: "anna", status: "waiting" }, rows: 3, completed: false }),
    ).toEqual(["3 entries in the file, filtered by search “anna”, status: Waiting.", "The download did not finish."]);
    // An action this page does not know yet still gets labelled values.
    const unknown = describeAuditDetails("future.action", { passkeyName: "Laptop", filter: { q: "x" }, ok: true });
    expect(unknown).toEqual(["Passkey name: Laptop.", "Filter: q x.", "Ok: yes."]);
    for (const line of [...invite, ...unknown]) expect(line).not.toMatch(/[{}"]/);
  });

  it("names a view's filters by their labels", () => {
    expect(describeWaitlistFilters({ q: "", size: "2-5", confirmed: "yes" })).toBe(
      "team size: 2-5, confirmed: Confirmed",
    );
  });
});

describe("Invite the next…", () => {
  it("says in plain words that at least one person must be invited", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <WaitlistSelection pageIds={[1]}>
          <SelectionBar view={VIEW} total={3} totalIsExact />
        </WaitlistSelection>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Invite the next…" }));
    const howMany = screen.getByRole("spinbutton", { name: "How many" });
    await user.clear(howMany);
    await user.type(howMany, "0");
    expect(howMany).toHaveAccessibleDescription("Invite at least one person");
    expect(screen.queryByText(/limit must/)).not.toBeInTheDocument();
  });
});

describe("an entry's actions", () => {
  const renderActions = (status: string, confirmed: boolean) =>
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <AdminRoleProvider role="admin">
          <EntryActions id={7} name="Rosa Nowak" email="rosa@example.com" status={status} confirmed={confirmed} />
        </AdminRoleProvider>
      </QueryClientProvider>,
    );

  it("offers no invitation to someone who has accepted theirs", () => {
    renderActions("accepted", true);
    expect(screen.queryByRole("button", { name: /invit/i })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete this entry" })).toBeInTheDocument();
  });

  it("offers Resend invitation while invited, Invite while waiting, and Resend confirmation until confirmed", () => {
    const { unmount } = renderActions("invited", true);
    expect(screen.getByRole("button", { name: "Resend invitation" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend confirmation" })).not.toBeInTheDocument();
    unmount();
    renderActions("waiting", false);
    expect(screen.getByRole("button", { name: "Invite" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend confirmation" })).toBeInTheDocument();
  });
});

describe("the list's filters on a phone", () => {
  it("fold behind a Filters button that says how many are on and whether they are shown", async () => {
    const user = userEvent.setup();
    render(<WaitlistFilters view={{ ...VIEW, status: "invited", size: "2-5" }} />);
    const button = screen.getByRole("button", { name: "Filters , 2 on" });
    const controls = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(button).toHaveAttribute("aria-expanded", "false");
    // Hidden below 768 px until opened; from 768 px up always shown (only max-md:hidden, never hidden).
    expect(controls.className).toMatch(/(^| )max-md:hidden( |$)/);
    expect(controls.className).not.toMatch(/(^| )hidden( |$)/);
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(controls.className).not.toMatch(/hidden/);
    expect(within(controls).getByRole("combobox", { name: "Status" })).toHaveValue("invited");
  });

  it("says none are on when the list is not filtered", () => {
    render(<WaitlistFilters view={VIEW} />);
    expect(screen.getByRole("button", { name: "Filters , none on" })).toBeInTheDocument();
  });
});

describe("each admin section's loading state", () => {
  it.each([
    ["the list", ListLoading, "Loading entries..."],
    ["an entry", EntryLoading, "Loading the entry..."],
    ["the overview", OverviewLoading, "Loading the overview..."],
    ["the audit log", AuditLoading, "Loading the audit log..."],
    ["the emails", EmailsLoading, "Loading emails..."],
    ["the admin users", UsersLoading, "Loading admins..."],
    ["the settings", SettingsLoading, "Loading settings..."],
    ["the import", ImportLoading, "Loading the import page..."],
  ])("%s says it is loading, and is busy", (_name, Loading, text) => {
    const { container } = render(<Loading />);
    expect(screen.getByRole("status")).toHaveTextContent(text);
    expect(container.querySelector("[aria-busy=true]")).toContainElement(screen.getByRole("status"));
  });
});

describe("not found in the admin area", () => {
  it("says so inside the admin frame, with the way back to the list", () => {
    const { unmount } = render(<EntryNotFound />);
    expect(screen.getByRole("heading", { level: 1, name: "Entry not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to all entries" })).toHaveAttribute("href", "/admin");
    expect(screen.queryByText(/Join the waiting list/)).not.toBeInTheDocument();
    unmount();
    render(<AdminPageNotFound />);
    expect(screen.getByRole("link", { name: "Back to the waiting list" })).toHaveAttribute("href", "/admin");
  });
});
