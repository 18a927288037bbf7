/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import type { AdminListItem } from "@/components/admin/users/admin-users";
import { AdminUsersPage } from "@/components/admin/users/admin-users-page";
import { Toaster } from "@/components/ui/sonner";
import { makeQueryClient } from "@/lib/query-client";

// The page is rendered on the server and handed its list; after a change it asks the router to render it
// again. This stand-in for Next's router renders the component again with the fake server's list.
const refresh = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ refresh, replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/admin/users",
}));

// jsdom has no network: this fake server keeps a list of admins and answers like the real routes.
type Reply = { status: number; body: unknown } | Error;
let admins: AdminListItem[];
let calls: { method: string; url: string; body: unknown }[];
let override: ((method: string, url: string) => Reply | Promise<Reply | undefined> | undefined) | undefined;

const ada: AdminListItem = {
  id: 1,
  name: "Ada Lovelace",
  email: "ada@example.com",
  isActive: true,
  createdAt: "2026-03-03T10:00:00.000Z",
  role: "admin",
};
const grace: AdminListItem = {
  id: 2,
  name: "Grace Hopper",
  email: "grace@example.com",
  isActive: false,
  createdAt: "2026-11-22T10:00:00.000Z",
  role: "admin",
};
const katherine: AdminListItem = {
  id: 3,
  name: "Katherine Johnson",
  email: "katherine@example.com",
  isActive: true,
  createdAt: "2026-12-01T10:00:00.000Z",
  role: "admin",
};

function reply(method: string, url: string, body: unknown): Reply {
  if (url === "/api/admin/session")
    return { status: 200, body: { isAuthenticated: true, admin: { name: ada.name, email: ada.email } } };
  if (method === "GET" && url === "/api/admin/users") return { status: 200, body: { admins } };
  if (method === "POST" && url === "/api/admin/users") {
    const input = body as { name: string; email: string; role?: AdminListItem["role"] };
    const admin: AdminListItem = {
      id: admins.length + 1,
      name: input.name,
      email: input.email,
      isActive: true,
      createdAt: "2026-12-01T10:00:00.000Z",
      role: input.role ?? "admin",
    };
    admins = [...admins, admin];
    return { status: 201, body: { message: "Admin user created successfully", admin } };
  }
  const toggle = /^\/api\/admin\/users\/(\d+)\/toggle-status$/.exec(url);
  if (method === "PATCH" && toggle) {
    const { isActive } = body as { isActive: boolean };
    admins = admins.map((a) => (a.id === Number(toggle[1]) ? { ...a, isActive } : a));
    return { status: 200, body: { message: "ok", admin: admins.find((a) => a.id === Number(toggle[1])) } };
  }
  const role = /^\/api\/admin\/users\/(\d+)\/role$/.exec(url);
  if (method === "PATCH" && role) {
    const next = (body as { role: AdminListItem["role"] }).role;
    admins = admins.map((a) => (a.id === Number(role[1]) ? { ...a, role: next } : a));
    return { status: 200, body: { message: "ok", admin: admins.find((a) => a.id === Number(role[1])) } };
  }
  return { status: 404, body: { message: "not found" } };
}

beforeAll(() => {
  // jsdom lacks a few browser APIs that Radix Select calls.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  // …and one the role picker's Radix radio group calls.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as never;
});

afterEach(() => {
  toast.dismiss();
});

beforeEach(() => {
  admins = [ada, grace];
  calls = [];
  override = undefined;
  global.fetch = (async (input: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url: input, body });
    const answer = (await override?.(method, input)) ?? reply(method, input, body);
    if (answer instanceof Error) throw new TypeError("Failed to fetch");
    const text = JSON.stringify(answer.body);
    return {
      ok: answer.status < 300,
      status: answer.status,
      statusText: "",
      text: async () => text,
      json: async () => JSON.parse(text),
    } as Response;
  }) as typeof fetch;
});

function renderPage(list: AdminListItem[] | null = admins) {
  const ui = (current: AdminListItem[] | null) => (
    <QueryClientProvider client={makeQueryClient()}>
      <AdminUsersPage admins={current} currentAdminId={ada.id} />
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(ui(list));
  refresh.mockReset();
  refresh.mockImplementation(() => view.rerender(ui(admins)));
  return userEvent.setup();
}

const rows = () => screen.queryAllByTestId("admin-row");

describe("AdminUsersPage", () => {
  it("shows the table: name (with '(you)'), email, role, status badge, long date, action", async () => {
    admins = [ada, grace, katherine];
    renderPage();
    expect(rows()).toHaveLength(3);
    expect(within(rows()[0]!).getByText("(you)")).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Name",
      "Email",
      "Role",
      "Status",
      "Created",
      "Actions",
    ]);
    const first = within(rows()[0]!);
    expect(first.getByText("Ada Lovelace")).toBeInTheDocument();
    expect(first.getByRole("combobox", { name: "Role of Ada Lovelace" })).toHaveTextContent("Admin");
    expect(first.getByText("Active")).toBeInTheDocument();
    expect(first.getByText("3 March 2026")).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Deactivate Ada Lovelace" })).toBeInTheDocument();
    const second = within(rows()[1]!);
    expect(second.getByText("Inactive")).toBeInTheDocument();
    expect(second.getByText("22 November 2026")).toBeInTheDocument();
    expect(second.getByRole("button", { name: "Activate Grace Hopper" })).toBeInTheDocument();
  });

  it("filters by name or email, ignoring case, and says when nothing matches", async () => {
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const search = screen.getByRole("searchbox", { name: "Search admins" });
    await user.type(search, "GRACE@");
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText("Grace Hopper")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "lovelace");
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.type(search, "zzz");
    expect(await screen.findByText("No admins match your search")).toBeInTheDocument();
  });

  it("says 'No admin users found' for an empty list", async () => {
    admins = [];
    renderPage();
    expect(await screen.findByText("No admin users found")).toBeInTheDocument();
  });

  it("shows the error text and the 'Failed to fetch admin users' toast when the list cannot load", async () => {
    renderPage(null);
    expect(await screen.findByText("Error loading admin users. Please try again.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to fetch admin users")).toBeInTheDocument();
  });

  it("adds an admin: 'Passwords do not match' first, then sends name, email, password and the role (Admin unless chosen), closes, resets and refreshes", async () => {
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const trigger = screen.getByRole("button", { name: "Add Admin" });
    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Add New Admin User" });
    const d = within(dialog);
    expect(d.getByLabelText("Name")).toHaveFocus();
    await user.type(d.getByLabelText("Name"), "Katherine Johnson");
    await user.type(d.getByLabelText("Email"), "Katherine@Example.com");
    await user.type(d.getByLabelText("Password"), "orbital-mechanics");
    await user.type(d.getByLabelText("Confirm Password"), "orbital-mechanicz");
    await user.click(d.getByRole("button", { name: "Create Admin" }));
    expect(await d.findByText("Passwords do not match")).toBeInTheDocument();
    expect(d.getByLabelText("Confirm Password")).toHaveAttribute("aria-invalid", "true");
    expect(d.getByLabelText("Confirm Password")).toHaveAccessibleDescription("Passwords do not match");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.clear(d.getByLabelText("Confirm Password"));
    await user.type(d.getByLabelText("Confirm Password"), "orbital-mechanics");
    await user.click(d.getByRole("button", { name: "Create Admin" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Katherine Johnson",
      email: "katherine@example.com",
      password: "orbital-mechanics",
      role: "admin",
    });
    expect(await screen.findByText("Success")).toBeInTheDocument();
    expect(screen.getByText("Admin user created successfully")).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(within(await screen.findByRole("dialog")).getByLabelText("Name")).toHaveValue("");
  });

  it("keeps focus inside the Add Admin dialog: Tab from the last control wraps to the first, Shift+Tab back", async () => {
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Add Admin" }));
    const d = within(await screen.findByRole("dialog", { name: "Add New Admin User" }));
    const order = [
      d.getByLabelText("Name"),
      d.getByLabelText("Email"),
      d.getByLabelText("Password"),
      d.getByLabelText("Confirm Password"),
      // The role is one radio group: one stop, on the chosen role.
      d.getByRole("radio", { name: "Admin" }),
      d.getByRole("button", { name: "Cancel" }),
      d.getByRole("button", { name: "Create Admin" }),
      d.getByRole("button", { name: "Close" }),
    ];
    expect(order[0]).toHaveFocus();
    for (const next of order.slice(1)) {
      await user.tab();
      expect(next).toHaveFocus();
    }
    // Past the last control, focus comes back to the first instead of reaching the page behind.
    await user.tab();
    expect(order[0]).toHaveFocus();
    await user.tab({ shift: true });
    expect(order.at(-1)).toHaveFocus();
  });

  it("closes the Add Admin dialog on Escape and gives focus back to 'Add Admin', forgetting what was typed", async () => {
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const trigger = screen.getByRole("button", { name: "Add Admin" });
    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Add New Admin User" });
    await user.type(within(dialog).getByLabelText("Password"), "half-typed-secret");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await user.click(trigger);
    expect(within(await screen.findByRole("dialog")).getByLabelText("Password")).toHaveValue("");
  });

  it("reads 'Creating...' and is disabled while the POST is pending, and cannot be closed or sent twice", async () => {
    let release: () => void = () => undefined;
    override = (method) =>
      method === "POST" ? new Promise((resolve) => (release = () => resolve(undefined))) : undefined;
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Add Admin" }));
    const dialog = await screen.findByRole("dialog");
    const d = within(dialog);
    await user.type(d.getByLabelText("Name"), "Dorothy Vaughan");
    await user.type(d.getByLabelText("Email"), "dorothy@example.com");
    await user.type(d.getByLabelText("Password"), "fortran-teacher");
    await user.type(d.getByLabelText("Confirm Password"), "fortran-teacher");
    await user.click(d.getByRole("button", { name: "Create Admin" }));

    const pending = await d.findByRole("button", { name: "Creating..." });
    expect(pending).toBeDisabled();
    expect(d.queryByRole("button", { name: "Create Admin" })).not.toBeInTheDocument();
    expect(d.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.click(pending);
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);

    release();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Admin user created successfully")).toBeInTheDocument();
  });

  it("shows 'Failed to create admin' with the server's message, and puts a taken email next to the field", async () => {
    override = (method) =>
      method === "POST"
        ? {
            status: 409,
            body: {
              message: "An admin with this email already exists.",
              errors: { email: ["An admin with this email already exists."] },
            },
          }
        : undefined;
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Add Admin" }));
    const d = within(await screen.findByRole("dialog"));
    await user.type(d.getByLabelText("Name"), "Ada Again");
    await user.type(d.getByLabelText("Email"), "ada@example.com");
    await user.type(d.getByLabelText("Password"), "a-long-password");
    await user.type(d.getByLabelText("Confirm Password"), "a-long-password");
    await user.click(d.getByRole("button", { name: "Create Admin" }));
    expect(await screen.findByText("Failed to create admin")).toBeInTheDocument();
    expect(d.getByLabelText("Email")).toHaveAccessibleDescription("An admin with this email already exists.");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("activates only after confirmation, with a success toast, and can be cancelled with Escape", async () => {
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Activate Grace Hopper" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Activate Grace Hopper?" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Activate Grace Hopper" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Activate Grace Hopper" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Activate" }));
    expect(await screen.findByText("Admin activated successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")).toEqual({
      method: "PATCH",
      url: "/api/admin/users/2/toggle-status",
      body: { isActive: true },
    });
    expect(await screen.findByRole("button", { name: "Deactivate Grace Hopper" })).toBeInTheDocument();
  });

  it("deactivates only after confirmation: Cancel changes nothing, confirming sends PATCH { isActive: false }", async () => {
    admins = [ada, grace, katherine];
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const row = () => within(rows()[2]!);

    await user.click(row().getByRole("button", { name: "Deactivate Katherine Johnson" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Deactivate Katherine Johnson?" });
    expect(within(confirm).getByText(/will be signed out at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
    expect(row().getByText("Active")).toBeInTheDocument();
    expect(row().getByRole("button", { name: "Deactivate Katherine Johnson" })).toHaveFocus();

    await user.click(row().getByRole("button", { name: "Deactivate Katherine Johnson" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("Admin deactivated successfully")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      { method: "PATCH", url: "/api/admin/users/3/toggle-status", body: { isActive: false } },
    ]);
    await waitFor(() => expect(row().getByText("Inactive")).toBeInTheDocument());
    expect(row().getByRole("button", { name: "Activate Katherine Johnson" })).toBeInTheDocument();
  });

  it("shows 'Failed to update status' with the server's reason", async () => {
    override = (method) =>
      method === "PATCH"
        ? {
            status: 409,
            body: { message: "This is the last active admin: deactivating it would leave nobody able to sign in." },
          }
        : undefined;
    admins = [ada, grace, katherine];
    const user = renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole("button", { name: "Deactivate Ada Lovelace" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("Failed to update status")).toBeInTheDocument();
    expect(screen.getByText(/last active admin/)).toBeInTheDocument();
  });

  it("offers the three roles in Add Admin, each with what it can do, and sends the one chosen by keyboard", async () => {
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Add Admin" }));
    const d = within(await screen.findByRole("dialog", { name: "Add New Admin User" }));
    const radios = d.getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("aria-checked"))).toEqual(["true", "false", "false"]);
    expect(d.getByRole("radio", { name: "Admin" })).toHaveAccessibleDescription(/Everything/);
    expect(d.getByRole("radio", { name: "Member" })).toHaveAccessibleDescription(/invite, release, delete, export/);
    expect(d.getByRole("radio", { name: "Viewer" })).toHaveAccessibleDescription(/Changes nothing/);
    await user.type(d.getByLabelText("Name"), "Mary Jackson");
    await user.type(d.getByLabelText("Email"), "mary@example.com");
    await user.type(d.getByLabelText("Password"), "wind-tunnel-1");
    await user.type(d.getByLabelText("Confirm Password"), "wind-tunnel-1");
    await user.tab();
    expect(d.getByRole("radio", { name: "Admin" })).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(d.getByRole("radio", { name: "Viewer" })).toBeChecked();
    await user.click(d.getByRole("button", { name: "Create Admin" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ email: "mary@example.com", role: "viewer" });
  });

  it("changes a role from the table at once, with a toast", async () => {
    admins = [ada, grace, katherine];
    const user = renderPage();
    const trigger = within(rows()[2]!).getByRole("combobox", { name: "Role of Katherine Johnson" });
    trigger.focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("option", { name: "Member" }));
    expect(await screen.findByText("Role changed")).toBeInTheDocument();
    expect(screen.getByText("Katherine Johnson is now a Member.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      { method: "PATCH", url: "/api/admin/users/3/role", body: { role: "member" } },
    ]);
    await waitFor(() =>
      expect(within(rows()[2]!).getByRole("combobox", { name: "Role of Katherine Johnson" })).toHaveTextContent(
        "Member",
      ),
    );
  });

  it("says why the only active admin with full rights can be neither narrowed nor deactivated, offering neither", async () => {
    // Grace has full rights but is inactive: Ada is the only one who counts.
    admins = [ada, grace, { ...katherine, role: "viewer" }];
    renderPage();
    const first = within(rows()[0]!);
    expect(
      first.getByText("The only admin with full rights: add another admin before narrowing this one."),
    ).toBeInTheDocument();
    expect(first.getByText("Add another admin before deactivating this one.")).toBeInTheDocument();
    expect(first.queryByRole("combobox")).not.toBeInTheDocument();
    expect(first.queryByRole("button")).not.toBeInTheDocument();
    // Everyone else keeps their controls.
    expect(within(rows()[2]!).getByRole("combobox", { name: "Role of Katherine Johnson" })).toHaveTextContent("Viewer");
    expect(within(rows()[1]!).getByRole("button", { name: "Activate Grace Hopper" })).toBeInTheDocument();
  });

  it("offers no Deactivate for the last active admin, whatever their role, and says why in its place", async () => {
    // Only Katherine can sign in (a viewer): deactivating her would leave nobody, as the server refuses.
    admins = [
      { ...ada, isActive: false },
      { ...katherine, role: "viewer" },
    ];
    renderPage();
    const last = within(rows()[1]!);
    expect(
      last.getByText("The last active admin: activate or add another admin before deactivating this one."),
    ).toBeInTheDocument();
    expect(last.queryByRole("button", { name: /Deactivate/ })).not.toBeInTheDocument();
    expect(within(rows()[0]!).getByRole("button", { name: "Activate Ada Lovelace" })).toBeInTheDocument();
  });

  it("shows one message under Password: the hint until the password is refused, then only the reason", async () => {
    const user = renderPage();
    await user.click(screen.getByRole("button", { name: "Add Admin" }));
    const d = within(await screen.findByRole("dialog", { name: "Add New Admin User" }));
    expect(d.getByLabelText("Password")).toHaveAccessibleDescription(/^At least 8 characters\.\s*$/);
    await user.type(d.getByLabelText("Name"), "Katherine Johnson");
    await user.type(d.getByLabelText("Email"), "katherine@example.com");
    await user.type(d.getByLabelText("Password"), "short");
    await user.type(d.getByLabelText("Confirm Password"), "short");
    await user.click(d.getByRole("button", { name: "Create Admin" }));
    expect(await d.findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(d.queryByText("At least 8 characters.")).not.toBeInTheDocument();
    expect(d.getByLabelText("Password")).toHaveAccessibleDescription("Password must be at least 8 characters");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});
