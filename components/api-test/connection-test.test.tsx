/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { ConnectionTest } from "@/components/api-test/connection-test";
import { makeQueryClient } from "@/lib/query-client";

// jsdom has no network: a fake fetch stands in for the server, answering when the test says so.
type FakeAnswer = { status: number; body: string } | Error;
let calls: { url: string; init: RequestInit | undefined }[] = [];
let answer: (value: FakeAnswer) => void = () => undefined;

beforeEach(() => {
  calls = [];
  global.fetch = ((url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Promise((resolve, reject) => {
      answer = (value) => {
        if (value instanceof Error) return reject(value);
        resolve({
          ok: value.status >= 200 && value.status < 300,
          status: value.status,
          statusText: "",
          text: async () => value.body,
        } as Response);
      };
    });
  }) as typeof fetch;
});

function renderPage() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <ConnectionTest />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), button: () => screen.getByRole("button") };
}

describe("ConnectionTest", () => {
  it("shows 'Testing...' on a disabled button, then the message and the model's reply", async () => {
    const { user, button } = renderPage();
    expect(button()).toHaveTextContent("Test OpenAI Connection");
    expect(screen.getByRole("status")).toHaveTextContent("No test run yet.");

    await user.click(button());
    expect(button()).toHaveTextContent("Testing...");
    expect(button()).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("/api/ai/test-connection");
    expect(calls[0]?.init?.method).toBe("POST");
    expect(calls[0]?.init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(calls[0]?.init?.body).toBeUndefined();

    answer({
      status: 200,
      body: JSON.stringify({ message: "Connected to the AI provider: model m replied.", response: "Hi there." }),
    });
    await waitFor(() => expect(button()).toHaveTextContent("Test OpenAI Connection"));
    expect(button()).toBeEnabled();
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Connected to the AI provider: model m replied.");
    expect(status).toHaveTextContent("Hi there.");
    expect(status).toHaveAttribute("aria-live", "polite");
  });

  it("shows the server's message and error text on failure", async () => {
    const { user, button } = renderPage();
    await user.click(button());
    answer({
      status: 502,
      body: JSON.stringify({
        message: "The AI provider rejected the API key",
        error: "The site's operator needs to check the server's API key.",
      }),
    });
    const status = screen.getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent("The AI provider rejected the API key"));
    expect(status).toHaveTextContent("The site's operator needs to check the server's API key.");
  });

  it("falls back to 'Connection test failed' / 'Unknown error' when the body says nothing", async () => {
    const { user, button } = renderPage();
    await user.click(button());
    answer({ status: 502, body: "<html>Bad gateway</html>" });
    const status = screen.getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent("Connection test failed"));
    expect(status).toHaveTextContent("Unknown error");
  });

  it("keeps the message and uses 'Unknown error' when only the error text is missing", async () => {
    const { user, button } = renderPage();
    await user.click(button());
    answer({
      status: 503,
      body: JSON.stringify({ message: "Database connection failed. Please try again in a few minutes." }),
    });
    const status = screen.getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent("Database connection failed."));
    expect(status).toHaveTextContent("Unknown error");
  });

  it("says the server could not be reached when the request fails, and can run again", async () => {
    const { user, button } = renderPage();
    await user.click(button());
    answer(new TypeError("Failed to fetch"));
    const status = screen.getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent("Connection test failed"));
    expect(status).toHaveTextContent("Could not reach the server.");

    await user.click(button());
    expect(status).not.toHaveTextContent("Could not reach the server.");
    answer({ status: 200, body: JSON.stringify({ message: "Connected", response: "Yes." }) });
    await waitFor(() => expect(status).toHaveTextContent("Yes."));
    expect(calls).toHaveLength(2);
  });
});
