import { teamSizeBadgeVariant } from "@/components/admin/waitlist/team-size-badge";

describe("teamSizeBadgeVariant", () => {
  it.each([
    // The band rules, one by one, with the values they name and values that merely contain them.
    ["solo", "outline"],
    ["Solo operator", "outline"],
    ["1-5", "outline"],
    ["1-5 people", "outline"],
    ["6-10", "secondary"],
    ["11-25", "secondary"],
    ["26-50", "default"],
    ["51-100", "default"],
    ["500+", "destructive"],
    ["101-500", "outline"], // the table is literal: "101-500" contains "1-5"
    ["", "destructive"],
    ["lots", "destructive"],
  ])("%j → %s", (value, variant) => {
    expect(teamSizeBadgeVariant(value)).toBe(variant);
  });

  it.each([
    // Our form's own values, placed in the table's bands.
    ["1", "outline"],
    ["2-5", "outline"],
    ["6-10", "secondary"],
    ["11+", "secondary"],
  ])("form value %j → %s", (value, variant) => {
    expect(teamSizeBadgeVariant(value)).toBe(variant);
  });
});
