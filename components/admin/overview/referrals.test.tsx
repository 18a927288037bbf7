/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";

import { ReferralFigures, ReferralsCard } from "@/components/admin/overview/referrals";
import type { Referrals } from "@/lib/data/overview";

// The widget's figures as the data layer gives them (lib/data/overview.test.ts checks those against the database).
const overviewReferrals = jest.fn();
jest.mock("@/lib/data/overview", () => ({ overviewReferrals: (...args: unknown[]) => overviewReferrals(...args) }));
jest.mock("@/lib/auth/current-admin", () => ({ requireCurrentAdmin: async () => ({ id: 1 }) }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const NONE: Referrals = { signups: 0, referred: 0, confirmed: 0, credited: 0, viralFactor: null, topReferrers: [] };
const SOME: Referrals = {
  signups: 12,
  referred: 3,
  confirmed: 8,
  credited: 2,
  viralFactor: 0.25,
  topReferrers: [
    { id: 7, name: "Ann Smith", email: "ann@example.com", credited: 1_234 },
    { id: 9, name: "Bob Jones", email: "bob@example.com", credited: 1 },
  ],
};

describe("ReferralFigures", () => {
  it("shows the share of signups that came by referral, as a count and a percentage", () => {
    render(<ReferralFigures referrals={SOME} range="30" />);
    const share = screen.getByRole("group", { name: "Signups by referral" });
    expect(within(share).getByTestId("referral-share")).toHaveTextContent("3 of 12 signups (25%)");
    expect(screen.queryByText(/keeps the credit of a friend who has since left/)).not.toBeInTheDocument();
    expect(share).toHaveTextContent("Signups in the last 30 days that came through someone's referral link");
  });

  it("shows the viral factor to two decimals, with what it means", () => {
    render(<ReferralFigures referrals={SOME} range="7" />);
    const factor = screen.getByRole("group", { name: "Viral factor" });
    expect(within(factor).getByTestId("viral-factor")).toHaveTextContent("0.25");
    expect(factor).toHaveTextContent(
      "Each confirmed signup brought 0.25 more: 2 referrals credited for 8 confirmations in the last 7 days.",
    );
  });

  it("lists the top referrers in a labelled table, each linking to their entry", () => {
    render(<ReferralFigures referrals={SOME} range="all" />);
    const table = screen.getByRole("table", { name: /Top referrers since the first signup/ });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Name", "Email", "Credited referrals"]);
    expect(
      within(screen.getByTestId("top-referrers"))
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["Ann Smithann@example.com1,234", "Bob Jonesbob@example.com1"]);
    expect(screen.getByRole("link", { name: "Ann Smith" })).toHaveAttribute("href", "/admin/waitlist/7");
    expect(screen.getByRole("region", { name: "Top referrers" })).toHaveAttribute("tabindex", "0");
    expect(screen.queryByText("No referrals yet")).not.toBeInTheDocument();
    expect(screen.getByText(/keeps the credit of a friend who has since left/)).toBeInTheDocument();
  });

  it("says plainly when a period has no referrals, and divides by nothing", () => {
    render(<ReferralFigures referrals={NONE} range="today" />);
    expect(screen.getByText("No referrals yet")).toBeInTheDocument();
    expect(screen.getByText("No referral was credited today (UTC).")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByText("No signups in this period.")).toBeInTheDocument();
    expect(screen.getByTestId("viral-factor")).toHaveTextContent("–");
    expect(screen.getByRole("group", { name: "Viral factor" })).toHaveTextContent(
      "Nobody confirmed their address today (UTC), so there is nothing to divide by yet.",
    );
  });

  it("counts one of each in the singular", () => {
    render(
      <ReferralFigures
        referrals={{ ...SOME, signups: 1, referred: 1, confirmed: 1, credited: 1, viralFactor: 1 }}
        range="90"
      />,
    );
    expect(screen.getByTestId("referral-share")).toHaveTextContent("1 of 1 signup (100%)");
    expect(screen.getByRole("group", { name: "Viral factor" })).toHaveTextContent(
      "Each confirmed signup brought 1.00 more: 1 referral credited for 1 confirmation in the last 90 days.",
    );
  });
});

describe("ReferralsCard", () => {
  const bounds = { start: "2025-03-04", previousStart: "2025-02-25", today: "2025-03-10" };

  it("reads the range's referrals as the signed-in admin, under its own heading", async () => {
    overviewReferrals.mockResolvedValueOnce(SOME);
    render(await ReferralsCard({ bounds, range: "7" }));
    expect(overviewReferrals).toHaveBeenCalledWith({ id: 1 }, bounds);
    expect(screen.getByRole("region", { name: "Referrals" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Referrals" })).toBeInTheDocument();
  });

  it("shows its own error when the figures cannot be read", async () => {
    overviewReferrals.mockRejectedValueOnce(new Error("down"));
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    render(await ReferralsCard({ bounds, range: "7" }));
    expect(screen.getByRole("alert")).toHaveTextContent("The referrals could not be loaded.");
    error.mockRestore();
  });
});
