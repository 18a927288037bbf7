/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { Providers } from "@/components/providers";
import { WAITLIST_COUNT_RETRIES, waitlistCountRetryDelay } from "@/components/waitlist/use-waitlist-count";
import { nextMinute } from "@/components/waitlist/waitlist-form";
import { WaitlistSection } from "@/components/waitlist/waitlist-section";
import { BUSINESS_TYPE_OPTIONS, TEAM_SIZE_OPTIONS } from "@/lib/validation/waitlist";

// jsdom lacks a few browser APIs that Radix Select and sonner call.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A fake network: the server is an outside service here (the route handlers have their own tests). */
function fakeNetwork(handlers: {
  count?: () => FakeReply | Promise<FakeReply>;
  signup?: (body: unknown) => FakeReply | Promise<FakeReply>;
}) {
  const calls: Call[] = [];
  const fetchFake = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method, body });
    // No challenge to be had: the form then sends its signup without a proof (the server holds such a
    // signup; the proof itself is exercised in a real browser, e2e/signup-proof.spec.ts).
    const reply: FakeReply = url.startsWith("/api/waitlist/challenge")
      ? { status: 503, body: { message: "Not here." } }
      : url.startsWith("/api/waitlist/count")
        ? await (handlers.count ?? (() => ({ status: 200, body: { count: 0 } })))()
        : await (handlers.signup ?? (() => ({ status: 201, body: { message: "ok" } })))(body);
    const text =
      reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: `Status ${reply.status}`,
      headers: new Headers(reply.headers ?? {}),
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as Response;
  });
  globalThis.fetch = fetchFake as unknown as typeof fetch;
  return {
    calls,
    signups: () => calls.filter((call) => call.method === "POST"),
    counts: () => calls.filter((call) => call.url.startsWith("/api/waitlist/count")),
  };
}

/** Renders the section and waits for its lazily loaded form to take the plain form's place (at once in jsdom). */
async function renderSection() {
  const user = userEvent.setup();
  render(
    <Providers>
      <WaitlistSection />
    </Providers>,
  );
  // The island swaps forms when the form's module arrives: let that happen inside act.
  await act(async () => {
    await import("@/components/waitlist/waitlist-form");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await waitFor(() => expect(document.querySelector("form[data-enhanced]")).not.toBeNull(), { timeout: 5000 });
  return user;
}

const nameField = () => screen.getByLabelText("Your Name");
const emailField = () => screen.getByLabelText("Business Email");
const typeField = () => screen.getByRole("combobox", { name: "Business Type" });
const sizeField = () => screen.getByRole("combobox", { name: "Number of Employees" });
const consentBox = () => screen.getByRole("checkbox", { name: /I agree to receive emails/ });
const submitButton = () => screen.getByRole("button", { name: "Join the Waiting List" });

// sonner keeps toasts in module state, so a toast from an earlier test can still be on screen: each check
// looks at the toast in front (the one a person sees) and requires it to be new since `toastsBefore()`.
const toastsBefore = () => new Set(document.querySelectorAll("[data-sonner-toast]"));

async function expectToast(before: Set<Element>, title: string, description: string) {
  await waitFor(() => {
    const toast = document.querySelector<HTMLElement>('[data-sonner-toast][data-front="true"]');
    expect(toast).not.toBeNull();
    expect(before.has(toast!)).toBe(false);
    expect(toast!.querySelector("[data-title]")).toHaveTextContent(title);
    expect(toast!.querySelector("[data-description]")).toHaveTextContent(description);
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement, option: string) {
  trigger.focus();
  await user.keyboard("{Enter}");
  await user.click(await screen.findByRole("option", { name: option }));
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(nameField(), "Ada Lovelace");
  await user.type(emailField(), "Ada@Example.com");
  await choose(user, typeField(), "Cleaning");
  await choose(user, sizeField(), "Just me");
  await user.click(consentBox());
}

afterEach(() => {
  jest.useRealTimers();
});

describe("the waiting list section", () => {
  it("shows the heading, fields, placeholders, options, consent text and button", async () => {
    fakeNetwork({ count: () => ({ status: 200, body: { count: 1234 } }) });
    const user = await renderSection();
    expect(screen.getByRole("heading", { level: 2, name: "Join the Waiting List" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(nameField()).toHaveAttribute("placeholder", "Full Name");
    expect(emailField()).toHaveAttribute("type", "email");
    expect(consentBox()).not.toBeChecked();
    expect(
      screen.getByText("I agree to receive emails about the product and understand I can unsubscribe any time."),
    ).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    typeField().focus();
    await user.keyboard("{Enter}");
    const types = await screen.findAllByRole("option");
    expect(types.map((option) => option.textContent)).toEqual(BUSINESS_TYPE_OPTIONS.map((option) => option.label));
    await user.keyboard("{Escape}");
    sizeField().focus();
    await user.keyboard("{Enter}");
    const sizes = await screen.findAllByRole("option");
    expect(sizes.map((option) => option.textContent)).toEqual(TEAM_SIZE_OPTIONS.map((option) => option.label));
  });

  it("is a plain HTML form before its script arrives, which then takes its place with what the visitor typed and where they were", async () => {
    fakeNetwork({});
    const { container } = render(
      <Providers>
        <WaitlistSection />
      </Providers>,
    );
    // Before the scripted form's module has arrived: the form the server rendered, which posts on its own.
    const plain = container.querySelector("form")!;
    expect(plain).toHaveAttribute("method", "post");
    expect(plain).toHaveAttribute("action", "/api/waitlist");
    expect(plain).not.toHaveAttribute("data-enhanced");
    const field = (name: string) => plain.querySelector<HTMLInputElement & HTMLSelectElement>(`[name="${name}"]`)!;
    expect(field("name")).toBeRequired();
    expect(field("name")).toHaveAttribute("minlength", "2");
    expect(field("email")).toHaveAttribute("type", "email");
    expect(field("email")).toBeRequired();
    expect(field("businessType").tagName).toBe("SELECT");
    expect(field("employees").tagName).toBe("SELECT");
    expect(field("agreedToTerms")).toHaveAttribute("type", "checkbox");
    expect(field("agreedToTerms")).toBeRequired();
    expect(field("website")).toHaveAttribute("tabindex", "-1");
    expect(within(plain).getByRole("link", { name: "How we use and protect your details" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    expect(within(plain).getByRole("button", { name: "Join the Waiting List" })).toHaveAttribute("type", "submit");

    field("name").value = "Ada Lovelace";
    field("email").value = "ada@exa";
    field("businessType").value = "car";
    field("agreedToTerms").checked = true;
    act(() => field("name").focus());
    field("name").setSelectionRange(3, 3);

    await act(async () => {
      await import("@/components/waitlist/waitlist-form");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(document.querySelector("form[data-enhanced]")).not.toBeNull());
    expect(plain).not.toBeInTheDocument();
    expect(nameField()).toHaveValue("Ada Lovelace");
    expect(emailField()).toHaveValue("ada@exa");
    expect(nameField()).toHaveFocus();
    expect((nameField() as HTMLInputElement).selectionStart).toBe(3);
    expect(typeField()).toHaveTextContent("Car valeting & detailing");
    expect(sizeField()).toHaveTextContent("Select team size");
    expect(consentBox()).toBeChecked();
  });

  it("reads 'Many businesses' while the count loads, then the count", async () => {
    let release: (reply: FakeReply) => void = () => undefined;
    fakeNetwork({ count: () => new Promise<FakeReply>((resolve) => (release = resolve)) });
    await renderSection();
    expect(screen.getByTestId("waitlist-count")).toHaveTextContent(
      "Many businesses have already joined the waiting list",
    );
    await act(async () => release({ status: 200, body: { count: 1234 } }));
    expect(await screen.findByText("1,234 businesses have already joined the waiting list")).toBeInTheDocument();
  });

  it("reads '1 business has already joined' when exactly one has", async () => {
    fakeNetwork({ count: () => ({ status: 200, body: { count: 1 } }) });
    await renderSection();
    expect(await screen.findByText("1 business has already joined the waiting list")).toBeInTheDocument();
  });

  it("retries the count 3 times with growing delays, and reads 'Many businesses' when it fails", async () => {
    jest.useFakeTimers();
    const network = fakeNetwork({ count: () => ({ status: 503, body: { message: "Database connection failed." } }) });
    render(
      <Providers>
        <WaitlistSection />
      </Providers>,
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(network.counts()).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(999);
    });
    expect(network.counts()).toHaveLength(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(network.counts()).toHaveLength(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    expect(network.counts()).toHaveLength(3);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4000);
    });
    expect(network.counts()).toHaveLength(4);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(network.counts()).toHaveLength(1 + WAITLIST_COUNT_RETRIES);
    expect(screen.getByTestId("waitlist-count")).toHaveTextContent(
      "Many businesses have already joined the waiting list",
    );
  });

  it("waits 1 s before the first retry, then 2^n s, capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(waitlistCountRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("shows every validation message under its field, marks the fields invalid and focuses the first", async () => {
    const network = fakeNetwork({});
    const user = await renderSection();
    await user.click(submitButton());

    const expected: [HTMLElement, string][] = [
      [nameField(), "Name must be at least 2 characters"],
      [emailField(), "Please enter a valid email address"],
      [typeField(), "Please select a business type"],
      [sizeField(), "Please select team size"],
      [consentBox(), "You must agree to the terms"],
    ];
    for (const [field, message] of expected) {
      await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(nameField()).toHaveFocus();
    expect(network.signups()).toHaveLength(0);

    // Fixing the first fields moves focus to the next invalid one on the next try.
    await user.type(nameField(), "Ada");
    await user.type(emailField(), "ada@");
    await user.click(submitButton());
    await waitFor(() => expect(emailField()).toHaveFocus());
    expect(nameField()).not.toHaveAttribute("aria-invalid");
    expect(emailField()).toHaveAccessibleDescription("Please enter a valid email address");
  });

  it("signs up: sends the five fields once, shows the panel and toast, refreshes the count; 'Add another business' gives an empty form", async () => {
    let count = 41;
    const network = fakeNetwork({
      count: () => ({ status: 200, body: { count } }),
      signup: () => {
        count += 1;
        return { status: 201, body: { message: "You're on the list!" } };
      },
    });
    const user = await renderSection();
    expect(await screen.findByText("41 businesses have already joined the waiting list")).toBeInTheDocument();
    await fillValid(user);
    const before = toastsBefore();
    await user.click(submitButton());

    expect(await screen.findByRole("heading", { name: "You're on the list!", level: 3 })).toHaveFocus();
    expect(network.signups()).toEqual([
      {
        url: "/api/waitlist",
        method: "POST",
        body: {
          name: "Ada Lovelace",
          email: "ada@example.com",
          businessType: "cleaning",
          employees: "1",
          agreedToTerms: true,
        },
      },
    ]);
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    // What happens next, with the address the signup went to (as stored: trimmed, lower-case).
    expect(screen.getByText("Check your inbox")).toBeInTheDocument();
    expect(screen.getByTestId("confirmation-address")).toHaveTextContent(
      "We've sent a confirmation link to ada@example.com.",
    );
    expect(screen.getByRole("heading", { name: "You're on the list!" })).toHaveFocus();
    await expectToast(before, "You're on the list!", "We'll email you when it's your turn to try the product.");
    expect(await screen.findByText("42 businesses have already joined the waiting list")).toBeInTheDocument();
    // The refetch asks past any CDN copy.
    expect(network.counts().at(-1)!.url).toMatch(/^\/api\/waitlist\/count\?fresh=\w+$/);

    await user.click(screen.getByRole("button", { name: "Add another business" }));
    await waitFor(() => expect(nameField()).toHaveFocus());
    expect(nameField()).toHaveValue("");
    expect(emailField()).toHaveValue("");
    expect(typeField()).toHaveTextContent("Select your business type");
    expect(sizeField()).toHaveTextContent("Select team size");
    expect(consentBox()).not.toBeChecked();
    expect(nameField()).not.toHaveAttribute("aria-invalid");
  });

  it("makes double submits impossible: the button says it is busy and a second press sends nothing", async () => {
    let release: (reply: FakeReply) => void = () => undefined;
    const network = fakeNetwork({ signup: () => new Promise<FakeReply>((resolve) => (release = resolve)) });
    const user = await renderSection();
    await fillValid(user);
    await user.click(submitButton());
    const busy = await screen.findByRole("button", { name: "Joining the Waiting List..." });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    await user.click(busy);
    await user.type(emailField(), "{Enter}");
    await waitFor(() => expect(network.signups()).toHaveLength(1));
    await act(async () => release({ status: 201, body: { message: "ok" } }));
    expect(await screen.findByRole("heading", { name: "You're on the list!" })).toBeInTheDocument();
    expect(network.signups()).toHaveLength(1);
  });

  describe("failures keep the entered values and show a toast saying what went wrong", () => {
    const cases: [string, () => FakeReply | Promise<FakeReply>, string][] = [
      [
        "the server's message",
        () => ({
          status: 429,
          body: { message: "Too many signups from your connection. Please wait a minute and try again." },
        }),
        "Too many signups from your connection. Please wait a minute and try again.",
      ],
      [
        "the database text when the server says the database is unavailable (a 503 with its code)",
        () => ({
          status: 503,
          body: {
            message: "Database connection failed. Please try again in a few minutes.",
            code: "database_unavailable",
          },
        }),
        "We're experiencing database connection issues. Please try again in a few minutes.",
      ],
      [
        "the database text when the server's message mentions a database connection failure (a 503 without the code)",
        () => ({ status: 503, body: { message: "Database connection failed. Please try again in a few minutes." } }),
        "We're experiencing database connection issues. Please try again in a few minutes.",
      ],
      [
        "the default text when the body has no message",
        () => ({ status: 500, body: "" }),
        "Please try again later. Our team has been notified.",
      ],
      [
        "the default text for a proxy's HTML page",
        () => ({ status: 502, body: "<html><body>Bad gateway</body></html>" }),
        "Please try again later. Our team has been notified.",
      ],
      [
        "the default text when the network fails",
        () => Promise.reject(new TypeError("Failed to fetch")),
        "Please try again later. Our team has been notified.",
      ],
    ];

    it.each(cases)("%s", async (_label, signup, description) => {
      fakeNetwork({ signup });
      const user = await renderSection();
      await fillValid(user);
      const before = toastsBefore();
      await user.click(submitButton());
      await expectToast(before, "Something went wrong", description);
      expect(nameField()).toHaveValue("Ada Lovelace");
      expect(emailField()).toHaveValue("Ada@Example.com");
      expect(typeField()).toHaveTextContent("Cleaning");
      expect(sizeField()).toHaveTextContent("Just me");
      expect(consentBox()).toBeChecked();
      expect(submitButton()).not.toHaveAttribute("aria-disabled");
    });

    it("puts the server's field errors under their fields", async () => {
      fakeNetwork({
        signup: () => ({
          status: 400,
          body: {
            message: "Please check the highlighted fields.",
            errors: { email: ["Please enter a valid email address"] },
          },
        }),
      });
      const user = await renderSection();
      await fillValid(user);
      const before = toastsBefore();
      await user.click(submitButton());
      await waitFor(() => expect(emailField()).toHaveAttribute("aria-invalid", "true"));
      expect(emailField()).toHaveAccessibleDescription("Please enter a valid email address");
      expect(emailField()).toHaveFocus();
      await expectToast(before, "Something went wrong", "Please check the highlighted fields.");
    });
  });

  it("past the connection's signup limit, says so beside the button with the time the next one can go through", async () => {
    const now = new Date(2026, 10, 25, 14, 41, 20).getTime();
    jest.spyOn(Date, "now").mockReturnValue(now);
    fakeNetwork({
      signup: () => ({
        status: 429,
        body: { message: "Too many signups from your connection. Please wait a minute and try again." },
        headers: { "Retry-After": "40" },
      }),
    });
    try {
      const user = await renderSection();
      await fillValid(user);
      await user.click(submitButton());
      const note =
        "Too many signups from your connection. Please wait a minute and try again. You can try again at 14:42.";
      await waitFor(() => expect(submitButton()).toHaveAccessibleDescription(note));
      expect(nameField()).toHaveValue("Ada Lovelace");
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("gives the time of the next whole minute, in the visitor's clock", () => {
    expect(nextMinute(new Date(2026, 0, 1, 9, 5, 0).getTime())).toBe("09:05");
    expect(nextMinute(new Date(2026, 0, 1, 9, 5, 1).getTime())).toBe("09:06");
    expect(nextMinute(new Date(2026, 0, 1, 23, 59, 30).getTime())).toBe("00:00");
  });

  it("hides the honeypot from people and assistive tech, and sends it only when a bot filled it", async () => {
    const network = fakeNetwork({});
    const user = await renderSection();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(screen.getByRole("form")).queryByRole("textbox", { name: "Website" })).toBeNull();

    honeypot.value = "https://spam.example";
    await fillValid(user);
    await user.click(submitButton());
    await screen.findByRole("heading", { name: "You're on the list!" });
    expect(network.signups()[0]!.body).toMatchObject({ website: "https://spam.example" });
  });
});
