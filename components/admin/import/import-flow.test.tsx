/** @jest-environment jsdom */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { ImportFlow } from "@/components/admin/import/import-flow";

type Sent = {
  action: string;
  rows?: { line: number; email?: string; confirmedAt?: string }[];
  batch?: number;
  emails?: string[];
};
let sent: Sent[];

beforeEach(() => {
  sent = [];
  global.fetch = (async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Sent;
    sent.push(body);
    const answer =
      body.action === "on-list"
        ? { onList: body.emails!.filter((email) => email === "ann@example.com") }
        : body.action === "finish"
          ? { added: 2, existing: 0, invalid: 1, suppressed: 0 }
          : { added: 2, existing: 0, invalid: 1, suppressed: 0, problems: [{ line: 4, errors: ["Bad row."] }] };
    const text = JSON.stringify(answer);
    return { ok: true, status: 200, statusText: "", text: async () => text, json: async () => answer } as Response;
  }) as typeof fetch;
});

const CSV = [
  "Email Address,First Name,Last Name,OPTIN_TIME,CONFIRM_TIME",
  "ann@example.com,Ann,Lee,2025-01-01 10:00:00,2025-03-01 10:00:00",
  "bob@example.com,Bob,Ray,2025-01-02 10:00:00,2025-02-01 10:00:00",
  "nope,Cat,Kay,2025-01-03 10:00:00,",
  "ANN@example.com,Ann,Again,2025-01-04 10:00:00,",
].join("\n");

describe("the import page", () => {
  it("maps the header, previews the rows, checks, and imports only once consent is ticked", async () => {
    const user = userEvent.setup();
    render(<ImportFlow />);
    await user.upload(screen.getByLabelText("CSV file"), new File([CSV], "list.csv", { type: "text/csv" }));

    expect(await screen.findByText(/list\.csv: 4 rows, 1 of them repeating an address/)).toBeInTheDocument();
    const mapping = screen.getByTestId("mapping");
    expect(within(mapping).getByLabelText("Email")).toHaveValue("0");
    expect(within(mapping).getByLabelText("Signed up")).toHaveValue("3");
    const preview = screen.getByRole("region", { name: "The first rows as they will be stored" });
    expect(within(preview).getAllByRole("row")).toHaveLength(5);
    expect(within(preview).getByText("The email address is not valid.")).toBeInTheDocument();
    // Before any dry run, the preview marks the rows of someone already on the list (Ann, both spellings).
    expect(await within(preview).findAllByText("Already on the list: left as it is.")).toHaveLength(2);
    expect(sent[0]).toEqual({
      action: "on-list",
      emails: ["ann@example.com", "bob@example.com", "nope", "ann@example.com"],
    });
    sent = [];

    await user.click(screen.getByRole("button", { name: /Check the file/ }));
    expect(await screen.findByText("2 new")).toBeInTheDocument();
    // Sorted by when they confirmed: Bob (February) before Ann (March); the repeat of Ann left out.
    expect(sent[0]!.rows!.map((row) => row.email)).toEqual(["bob@example.com", "ann@example.com", "nope"]);

    const importButton = screen.getByRole("button", { name: "Import 2 new people" });
    expect(importButton).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "These people agreed to hear from us" }));
    await user.click(importButton);
    expect(await screen.findByText("Import finished.")).toBeInTheDocument();
    expect(sent.map((body) => body.action)).toEqual(["dry-run", "import", "finish"]);
    expect(sent[1]).toMatchObject({ batch: 0, consent: true, sendConfirmations: false });
    expect(sent[2]).toMatchObject({ action: "finish", stopped: false, repeated: 1, fileName: "list.csv" });
    await waitFor(() => expect(screen.getByTestId("import-result")).toHaveTextContent("2 added"));
  });
});
