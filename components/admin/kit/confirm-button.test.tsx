/** @jest-environment jsdom */
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";

import { ConfirmButton } from "@/components/admin/kit/confirm-button";
import { useAdminAction } from "@/components/admin/kit/use-admin-action";
import { Button } from "@/components/ui/button";
import { Toaster } from "@/components/ui/sonner";
import { ApiError } from "@/lib/api";
import { makeQueryClient } from "@/lib/query-client";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ refresh, replace: jest.fn(), push: jest.fn(), prefetch: jest.fn() }),
}));

/** A request the test settles by hand, so it can look at the dialog while the request runs. */
function pendingRequest() {
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const request = jest.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { request, settle: () => settle };
}

function RemoveWebhook({ request }: { request: () => Promise<void> }) {
  const remove = useAdminAction({
    request,
    succeeded: { title: "Webhook removed" },
    failed: "Could not remove the webhook",
  });
  return (
    <ConfirmButton
      trigger={<Button>Remove</Button>}
      title="Remove this webhook?"
      description="It will get no more events."
      confirm="Remove"
      pending="Removing..."
      action={remove}
    />
  );
}

function renderWith(request: () => Promise<void>) {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <RemoveWebhook request={request} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  refresh.mockClear();
  toast.dismiss();
});

describe("ConfirmButton with useAdminAction", () => {
  it("asks first, holds the dialog open while the request runs, then closes it, says so and draws the page again", async () => {
    const user = userEvent.setup();
    const { request, settle } = pendingRequest();
    renderWith(request);

    await user.click(screen.getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove this webhook?" });
    expect(request).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "Removing..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(dialog).toBeInTheDocument();

    settle().resolve();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Webhook removed")).toBeInTheDocument();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("on a refusal closes the dialog, toasts the server's message and draws the page again", async () => {
    const user = userEvent.setup();
    const { request, settle } = pendingRequest();
    renderWith(request);

    await user.click(screen.getByRole("button", { name: "Remove" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    settle().reject(new ApiError(404, JSON.stringify({ message: "That webhook no longer exists." }), "Not Found"));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Could not remove the webhook")).toBeInTheDocument();
    expect(screen.getByText("That webhook no longer exists.")).toBeInTheDocument();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("says the server could not be reached when the request never got an answer", async () => {
    const user = userEvent.setup();
    renderWith(() => Promise.reject(new TypeError("Failed to fetch")));

    await user.click(screen.getByRole("button", { name: "Remove" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));

    expect(await screen.findByText("Could not remove the webhook")).toBeInTheDocument();
    expect(screen.getByText("There was a problem connecting to the server. Please try again.")).toBeInTheDocument();
  });
});
