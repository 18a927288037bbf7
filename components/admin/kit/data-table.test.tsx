/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";

import { DataTable, type Column } from "@/components/admin/kit/data-table";

type Email = { id: number; to: string; status: string };
const COLUMNS: Column<Email>[] = [
  { header: "Recipient", cell: (email) => email.to },
  { header: "Status", cell: (email) => email.status },
  { header: "Actions", hideHeader: true, cell: (email) => <button type="button">Open {email.to}</button> },
];

describe("DataTable", () => {
  it("draws one row per item, each cell labelled by its column for the phone layout", () => {
    render(
      <DataTable
        label="Emails"
        columns={COLUMNS}
        rows={[
          { id: 1, to: "sam@example.com", status: "Sent" },
          { id: 2, to: "ana@example.com", status: "Pending" },
        ]}
        rowKey={(email) => email.id}
        rowTestId="email-row"
      />,
    );
    const table = screen.getByRole("region", { name: "Emails" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Recipient", "Status", "Actions"]);
    const rows = screen.getAllByTestId("email-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText("Pending")).toHaveAttribute("data-label", "Status");
    expect(within(rows[0]!).getByRole("button", { name: "Open sam@example.com" })).toBeInTheDocument();
  });

  it("says there is nothing to list across the whole row, and announces it politely", () => {
    render(<DataTable label="Emails" columns={COLUMNS} rows={[]} rowKey={(email) => email.id} empty="No emails yet" />);
    const message = screen.getByRole("status");
    expect(message).toHaveTextContent("No emails yet");
    expect(message.closest("td")).toHaveAttribute("colspan", "3");
  });

  it("puts an error in place of the rows as an alert, with its action, and marks a loading table busy", () => {
    const { rerender } = render(
      <DataTable
        label="Emails"
        columns={COLUMNS}
        rows={[{ id: 1, to: "sam@example.com", status: "Sent" }]}
        rowKey={(email) => email.id}
        message={{ kind: "error", text: "Error loading emails.", action: <button type="button">Try again</button> }}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Error loading emails.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.queryByText("sam@example.com")).not.toBeInTheDocument();

    rerender(
      <DataTable
        label="Emails"
        columns={COLUMNS}
        rows={[]}
        rowKey={(email) => email.id}
        message={{ kind: "loading", text: "Loading emails..." }}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading emails...");
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
  });
});
