/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { LoginForm } from "@/components/admin/login/login-form";
import { Toaster } from "@/components/ui/sonner";
import { makeQueryClient } from "@/lib/query-client";

// Next's router is outside this component: a fake records where it is sent.
const replace = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace, push: jest.fn(), refresh: jest.fn() }) }));

// jsdom has no network: the fake fetch answers each call with the next queued answer.
type FakeAnswer = { status: number; body: unknown } | Error;
let answers: FakeAnswer[] = [];
let calls: { url: string; init: RequestInit | undefined }[] = [];

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

// Sonner keeps its toasts in a module-level store that outlives each test's <Toaster />.
afterEach(() => {
  toast.dismiss();
});

beforeEach(() => {
  replace.mockReset();
  answers = [];
  calls = [];
  global.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? new Error("no answer queued");
    if (answer instanceof Error) throw new TypeError("Failed to fetch");
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    return {
      ok: answer.status < 300,
      status: answer.status,
      statusText: "",
      text: async () => text,
      json: async () => JSON.parse(text),
    } as Response;
  }) as typeof fetch;
});

function renderForm() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <LoginForm />
      <Toaster />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  const email = screen.getByLabelText("Email");
  const password = screen.getByLabelText("Password");
  const submit = screen.getByRole("button", { name: "Sign In" });
  return { user, email, password, submit };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email: HTMLElement, password: HTMLElement) {
  await user.type(email, "ada@example.com");
  await user.type(password, "correct-horse-battery");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("LoginForm", () => {
  it("shows the validation messages the server would give, tied to the fields, and sends nothing", async () => {
    const { user, email, password, submit } = renderForm();
    await user.type(email, "not-an-email");
    await user.type(password, "short");
    await user.click(submit);
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    expect(password).toHaveAccessibleDescription("Password must be at least 8 characters");
    expect(email).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("signs in: 'Signing in...' while sending, the success toast, then /admin", async () => {
    const { user, email, password } = renderForm();
    let release: () => void = () => undefined;
    global.fetch = ((url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Promise((resolve) => {
        release = () =>
          resolve({
            ok: true,
            status: 200,
            statusText: "",
            json: async () => ({
              message: "Login successful",
              admin: { name: "Ada Lovelace", email: "ada@example.com" },
            }),
          } as Response);
      });
    }) as typeof fetch;
    await signIn(user, email, password);
    expect(screen.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    expect(calls[0]?.url).toBe("/api/admin/login");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      email: "ada@example.com",
      password: "correct-horse-battery",
    });
    release();
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
    expect(screen.getByText(/Welcome back, Ada Lovelace\. You're now in the .+ admin dashboard\./)).toBeInTheDocument();
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/admin"));
  });

  it("shows 'Login failed' with the server's message", async () => {
    const { user, email, password } = renderForm();
    answers.push({ status: 401, body: { message: "Invalid email or password" } });
    await signIn(user, email, password);
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password")).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  it("also says a failed sign-in on the card, next to the fields, in a live region that describes the form", async () => {
    const { user, email, password } = renderForm();
    const form = email.closest("form")!;
    expect(form).toHaveAccessibleDescription("");
    answers.push({ status: 401, body: { message: "Invalid email or password" } });
    await signIn(user, email, password);
    const onCard = await screen.findByText("Sign-in failed: the email or password is not right.");
    expect(onCard).toHaveAttribute("role", "alert");
    expect(form).toContainElement(onCard);
    expect(form).toHaveAccessibleDescription("Sign-in failed: the email or password is not right.");
    expect(password).toHaveFocus();

    // Trying again clears it while the new attempt is under way.
    answers.push({
      status: 200,
      body: { message: "Login successful", admin: { name: "Ada", email: "ada@example.com" } },
    });
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.queryByText("Sign-in failed: the email or password is not right.")).toBeNull());
  });

  it("goes to the second step, with no success toast yet, for an admin who has a second factor", async () => {
    const { user, email, password } = renderForm();
    answers.push({
      status: 200,
      body: {
        message: "Confirm it's you to continue",
        secondStep: { purpose: "second-step", next: "/admin/login/verify" },
      },
    });
    await signIn(user, email, password);
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/admin/login/verify"));
    expect(screen.queryByText("Login successful")).toBeNull();
  });

  it("falls back to 'Invalid email or password' when the failure has no message", async () => {
    const { user, email, password } = renderForm();
    answers.push({ status: 401, body: "" });
    await signIn(user, email, password);
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password")).toBeInTheDocument();
  });

  it("shows the database message when the server says the database is unavailable (a 503 with its code)", async () => {
    const { user, email, password } = renderForm();
    answers.push({
      status: 503,
      body: { message: "Database connection failed. Please try again in a few minutes.", code: "database_unavailable" },
    });
    await signIn(user, email, password);
    expect(await screen.findByText("Login error")).toBeInTheDocument();
    expect(screen.getByText("Database connection is unavailable. Our team is working on it.")).toBeInTheDocument();
  });

  it("shows 'Login error' when the server cannot be reached", async () => {
    const { user, email, password } = renderForm();
    answers.push(new Error("offline"));
    await signIn(user, email, password);
    expect(await screen.findByText("Login error")).toBeInTheDocument();
    expect(screen.getByText("There was a problem connecting to the server. Please try again.")).toBeInTheDocument();
  });
});
