/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import AdminError from "@/app/admin/error";
import { AdminShell } from "@/components/admin/shell/admin-shell";
import { Toaster } from "@/components/ui/sonner";
import { makeQueryClient } from "@/lib/query-client";

// Next's router is outside this component: a fake records where it is sent.
const replace = jest.fn();
let pathname = "/admin/users";
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: jest.fn(), refresh: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => pathname,
}));

type Reply = { status: number; body: unknown } | Error;
let replies: Record<string, Reply>;
let calls: string[];

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

afterEach(() => {
  toast.dismiss();
});

beforeEach(() => {
  replace.mockReset();
  pathname = "/admin/users";
  calls = [];
  replies = {};
  global.fetch = (async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url}`;
    calls.push(key);
    const answer = replies[key] ?? { status: 404, body: { message: "not found" } };
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

function renderShell() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <AdminShell name="Ada Lovelace" email="ada@example.com">
        <h1>Page content</h1>
      </AdminShell>
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("AdminShell", () => {
  it("shows the sidebar around the page, with the current page marked and the admin's name and email", () => {
    renderShell();
    expect(screen.getByText("Page content")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Admin" });
    expect(within(nav).getByRole("link", { name: "Admin Users" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Waitlist Entries" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "Waitlist Entries" })).toHaveAttribute("href", "/admin");
    expect(within(nav).getByRole("link", { name: "Audit Log" })).toHaveAttribute("href", "/admin/audit");
    expect(within(nav).getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/admin/settings");
    expect(screen.getByTestId("admin-name")).toHaveTextContent("Ada Lovelace");
    expect(screen.getByTestId("admin-email")).toHaveTextContent("ada@example.com");
    expect(screen.getByRole("button", { name: "Open menu" })).toBeInTheDocument();
  });

  it("when the session check fails, shows 'Authentication error' and goes to the login page", async () => {
    render(
      <>
        <AdminError />
        <Toaster />
      </>,
    );
    expect(await screen.findByText("Authentication error")).toBeInTheDocument();
    expect(screen.getByText("There was a problem checking your authentication status")).toBeInTheDocument();
    expect(replace).toHaveBeenCalledWith("/admin/login");
  });

  it("signs out with the 'Logged out' toast and goes to the login page", async () => {
    replies["POST /api/admin/logout"] = { status: 200, body: { message: "ok" } };
    const user = renderShell();
    await user.click(await screen.findByRole("button", { name: "Sign Out" }));
    expect(await screen.findByText("Logged out")).toBeInTheDocument();
    expect(screen.getByText("You have been successfully logged out")).toBeInTheDocument();
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/admin/login"));
    expect(calls).toContain("POST /api/admin/logout");
  });

  it("shows 'Logout failed' when the server refuses, and 'Logout error' when it cannot be reached", async () => {
    replies["POST /api/admin/logout"] = { status: 500, body: { message: "boom" } };
    const user = renderShell();
    await user.click(await screen.findByRole("button", { name: "Sign Out" }));
    expect(await screen.findByText("Logout failed")).toBeInTheDocument();
    expect(screen.getByText("There was a problem logging out")).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();

    replies["POST /api/admin/logout"] = new Error("offline");
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(await screen.findByText("Logout error")).toBeInTheDocument();
    expect(screen.getByText("There was a problem connecting to the server")).toBeInTheDocument();
  });

  it("opens the mobile menu as a dialog with the same links, closing on Escape", async () => {
    const user = renderShell();
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(menu).getByRole("link", { name: "Admin Users" })).toHaveAttribute("aria-current", "page");
    expect(within(menu).getByRole("button", { name: "Sign Out" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus();
  });
});
