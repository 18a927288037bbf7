import { WAITLIST_CSV_HEADER } from "@/lib/data/waitlist/export";
import {
  businessDescriptionOf,
  businessTypeOf,
  checkImportRow,
  detectMapping,
  importRequestSchema,
  importRowOf,
  importTimeOf,
  teamSizeOf,
} from "@/lib/validation/import";

const NOW = new Date("2026-03-02T10:00:00Z");

// Mailchimp's "subscribed members" export, as it writes its header (merge fields, then its own columns).
const MAILCHIMP_HEADER = [
  "Email Address",
  "First Name",
  "Last Name",
  "Business Type",
  "Team Size",
  "MEMBER_RATING",
  "OPTIN_TIME",
  "OPTIN_IP",
  "CONFIRM_TIME",
  "CONFIRM_IP",
  "LATITUDE",
  "LONGITUDE",
  "GMTOFF",
  "DSTOFF",
  "TIMEZONE",
  "CC",
  "REGION",
  "LAST_CHANGED",
  "LEID",
  "EUID",
  "NOTES",
  "TAGS",
];

describe("the mapping proposed from a file's header", () => {
  it("maps Mailchimp's subscribed members export", () => {
    expect(detectMapping(MAILCHIMP_HEADER)).toEqual({
      email: 0,
      name: null,
      firstName: 1,
      lastName: 2,
      businessType: 3,
      businessDescription: null,
      teamSize: 4,
      joinedAt: 6,
      confirmedAt: 8,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      referrer: null,
      tags: 21,
    });
  });

  it("maps our own export", () => {
    // Each field to the column of that name, wherever the export puts it.
    const mapping = detectMapping(WAITLIST_CSV_HEADER);
    const named = Object.fromEntries(
      Object.entries(mapping).map(([field, index]) => [field, index === null ? null : WAITLIST_CSV_HEADER[index]]),
    );
    expect(named).toEqual({
      email: "Email",
      name: "Name",
      firstName: null,
      lastName: null,
      businessType: "Business Type",
      businessDescription: "Business description",
      teamSize: "Team Size",
      joinedAt: "Joined",
      confirmedAt: "Confirmed",
      utmSource: "Source",
      utmMedium: "Medium",
      utmCampaign: "Campaign",
      referrer: "Referrer",
      tags: "Tags",
    });
  });

  it("takes each column once, and leaves what it does not know unmapped", () => {
    expect(detectMapping(["E-mail", "Full name", "Signup date", "Favourite colour"])).toMatchObject({
      email: 0,
      name: 1,
      joinedAt: 2,
      confirmedAt: null,
    });
  });
});

describe("spellings", () => {
  it.each([
    ["Cleaning", "cleaning"],
    ["cleaner", "cleaning"],
    ["Trades", "trades"],
    ["Trades (plumbing, electrical, building)", "trades"],
    ["Plumber", "trades"],
    ["Beauty & wellness", "beauty"],
    ["Hair salon", "beauty"],
    ["Car valeting & detailing", "car"],
    ["handyman", "handyman"],
    ["Counselling", "therapy"],
    ["Maths tutor", "tutoring"],
    ["Dog walking", "other"],
    ["", "other"],
    [undefined, "other"],
  ])("business type %p is %p", (text, value) => {
    expect(businessTypeOf(text)).toBe(value);
  });

  it.each([
    ["Just me", "1"],
    ["1", "1"],
    // No size given is "Not given", never a guessed "Just me"; our export writes it so.
    ["", "not-given"],
    ["Not given", "not-given"],
    ["2-5", "2-5"],
    ["2 to 5", "2-5"],
    ["2–5", "2-5"],
    ["3", "2-5"],
    ["6-10", "6-10"],
    ["6 to 10 people", "6-10"],
    ["11+", "11+"],
    ["more than 10", "11+"],
    ["over 20", "11+"],
    ["50", "11+"],
    ["1-10", null],
    ["a few", null],
    ["0", null],
  ])("team size %p is %p", (text, value) => {
    expect(teamSizeOf(text)).toBe(value);
  });

  it.each([
    ["2026-01-31T09:30:00.000Z", "2026-01-31T09:30:00.000Z"],
    ["2026-01-31 09:30:00", "2026-01-31T09:30:00.000Z"],
    ["2026-01-31", "2026-01-31T00:00:00.000Z"],
    ["2026-01-31T10:30:00+01:00", "2026-01-31T09:30:00.000Z"],
    ["31/01/2026", "2026-01-31T00:00:00.000Z"],
    ["31/01/2026 09:30", "2026-01-31T09:30:00.000Z"],
  ])("time %p is %p", (text, iso) => {
    expect(importTimeOf(text, NOW)?.toISOString()).toBe(iso);
  });

  it("refuses times that are not real or not yet", () => {
    expect(importTimeOf("2026-02-30", NOW)).toBeNull();
    expect(importTimeOf("yesterday", NOW)).toBeNull();
    expect(importTimeOf("2027-01-01", NOW)).toBeNull();
    expect(importTimeOf("", NOW)).toBeUndefined();
  });
});

describe('"What kind of business?" from a file', () => {
  it("maps a column of the form's question or our export's name", () => {
    expect(detectMapping(["Email", "Business type", "What kind of business?"])).toMatchObject({
      businessType: 1,
      businessDescription: 2,
    });
    expect(detectMapping(["Email", "Industry", "Business Description"])).toMatchObject({
      businessType: 1,
      businessDescription: 2,
    });
  });

  it("keeps it for Other only: the file's description, else the type it gave that is none of ours", () => {
    expect(businessDescriptionOf("other", "Dog grooming", "Other")).toBe("Dog grooming");
    expect(businessDescriptionOf("other", undefined, "Wedding photography")).toBe("Wedding photography");
    expect(businessDescriptionOf("other", "  ", "Landscaping ")).toBe("Landscaping");
    expect(businessDescriptionOf("other", undefined, "other")).toBeNull();
    expect(businessDescriptionOf("other", undefined, undefined)).toBeNull();
    expect(businessDescriptionOf("cleaning", "Window cleaning", "cleaner")).toBeNull();
    // Cut to the form's length; text the form would refuse is left out, not the row.
    expect(businessDescriptionOf("other", "d".repeat(300), undefined)).toBe("d".repeat(100));
    expect(businessDescriptionOf("other", "Dogs\u0007", undefined)).toBeNull();
  });

  it("reaches the entry from a row", () => {
    const mapping = detectMapping(["Email", "Name", "Business type"]);
    const result = checkImportRow(importRowOf(["a@example.com", "Ann", "Pet sitting"], mapping, 2), NOW);
    expect(result).toMatchObject({ ok: true, entry: { businessType: "other", businessDescription: "Pet sitting" } });
  });
});

describe("a row", () => {
  it("is stored as a signup would be: first and last name joined, email lower-cased, spellings mapped", () => {
    const row = importRowOf(
      ["ANN@Example.com", "Ann", "Lee", "cleaner", "2 to 5", "4", "2025-01-10 09:00:00", "", "2025-01-11 08:00:00"],
      detectMapping(MAILCHIMP_HEADER),
      2,
    );
    expect(checkImportRow(row, NOW)).toEqual({
      ok: true,
      entry: {
        line: 2,
        name: "Ann Lee",
        email: "ann@example.com",
        businessType: "cleaning",
        businessDescription: null,
        employees: "2-5",
        joinedAt: new Date("2025-01-10T09:00:00Z"),
        confirmedAt: new Date("2025-01-11T08:00:00Z"),
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        referrer: null,
        tags: [],
      },
    });
  });

  it("refuses a row with half of a character pair in it (it could not be stored), not the whole batch", () => {
    const row = importRowOf(
      ["ann@example.com", "Ann \ud83d", "Lee", "cleaner", "2 to 5", "4", "2025-01-10 09:00:00", "", ""],
      detectMapping(MAILCHIMP_HEADER),
      2,
    );
    const result = checkImportRow(row, NOW);
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).toContain("broken character");
  });

  it("lists every problem of a row that cannot be imported", () => {
    const result = checkImportRow({ line: 7, email: "nope", teamSize: "lots", joinedAt: "soon" }, NOW);
    expect(result).toEqual({
      ok: false,
      line: 7,
      errors: [
        "The email address is not valid.",
        "The name is missing.",
        expect.stringMatching(/team size "lots"/),
        expect.stringMatching(/signup time "soon"/),
      ],
    });
  });

  it("counts a throwaway address as invalid when the server's list says so", () => {
    const result = checkImportRow({ line: 2, email: "x@mailinator.com", name: "Xi" }, NOW, () => true);
    expect(result.ok).toBe(false);
  });
});

describe("the request", () => {
  it("takes at most 5,000 rows and needs the consent ticked", () => {
    const rows = Array.from({ length: 5_001 }, (_, index) => ({ line: index + 2, email: "a@example.com" }));
    expect(importRequestSchema.safeParse({ action: "dry-run", rows }).success).toBe(false);
    expect(importRequestSchema.safeParse({ action: "dry-run", rows: rows.slice(0, 5_000) }).success).toBe(true);
    const batch = {
      action: "import",
      importId: "8a4b9d6e-1f2a-4c3b-9d8e-7f6a5b4c3d2e",
      batch: 0,
      rows: rows.slice(0, 1),
    };
    expect(importRequestSchema.safeParse(batch).success).toBe(false);
    expect(importRequestSchema.safeParse({ ...batch, consent: true }).success).toBe(true);
  });
});
