import { queryErrorMessage } from "@/lib/http";
import {
  readWaitlistViewState,
  refusedWaitlistFilters,
  waitlistExportQuerySchema,
  waitlistListQuerySchema,
  waitlistViewSearch,
} from "@/lib/validation/waitlist-query";

describe("waitlistListQuerySchema", () => {
  it("fills in the defaults", () => {
    expect(waitlistListQuerySchema.parse({})).toEqual({ q: "", page: 1, pageSize: 50, sort: "joined_desc" });
    expect(waitlistListQuerySchema.parse({ q: "", page: "", pageSize: " ", sort: "" })).toEqual({
      q: "",
      page: 1,
      pageSize: 50,
      sort: "joined_desc",
    });
  });

  it("reads strings from a URL, trims the search and ignores unknown parameters", () => {
    expect(
      waitlistListQuerySchema.parse({ q: "  Ann ", page: "3", pageSize: "200", sort: "name_desc", _: "123" }),
    ).toEqual({
      q: "Ann",
      page: 3,
      pageSize: 200,
      sort: "name_desc",
    });
  });

  it.each([
    [{ page: "0" }, "page must be at least 1"],
    [{ page: "1.5" }, "page must be a whole number"],
    [{ page: "abc" }, "page must be a whole number"],
    [{ page: "1000001" }, "page must be at most 1,000,000"],
    [{ pageSize: "0" }, "pageSize must be at least 1"],
    [{ pageSize: "201" }, "pageSize must be at most 200"],
    [{ sort: "email_asc" }, "sort must be one of joined_desc, joined_asc, name_asc, name_desc, place_asc, place_desc"],
    [{ q: "x".repeat(201) }, "q must be at most 200 characters"],
  ])("refuses %j", (input, message) => {
    const result = waitlistListQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(queryErrorMessage(result.error)).toBe(`Invalid parameters: ${message}.`);
  });

  it("gives the export only the search and the order", () => {
    expect(waitlistExportQuerySchema.parse({ q: "a", page: "9", sort: "name_asc" })).toEqual({
      q: "a",
      sort: "name_asc",
    });
  });
});

describe("the page's URL state", () => {
  it("names each filter whose value it had to leave out, with why, so the page can say so", () => {
    const params = new URLSearchParams("referred-by=x&size=bogus&source=newsletter&status=waiting");
    expect(readWaitlistViewState(params)).toMatchObject({
      referredBy: undefined,
      size: undefined,
      source: "newsletter",
    });
    expect(refusedWaitlistFilters(params)).toEqual({
      referredBy: "Enter the referrer's link code, email address or full name.",
      size: "size must be one of the team sizes",
    });
    expect(refusedWaitlistFilters(new URLSearchParams("referred-by=Ann%20Smith&size=not-given"))).toEqual({});
  });

  it("reads a bookmark, falling back field by field on bad values", () => {
    expect(readWaitlistViewState(new URLSearchParams("q=smith&page=4&sort=name_asc"))).toEqual({
      q: "smith",
      page: 4,
      sort: "name_asc",
    });
    expect(readWaitlistViewState(new URLSearchParams("q=smith&page=-2&sort=nope"))).toEqual({
      q: "smith",
      page: 1,
      sort: "joined_desc",
    });
    expect(readWaitlistViewState(new URLSearchParams(""))).toEqual({ q: "", page: 1, sort: "joined_desc" });
  });

  it("writes short URLs that read back the same", () => {
    expect(waitlistViewSearch({ q: "", page: 1, sort: "joined_desc" })).toBe("");
    const search = waitlistViewSearch({ q: "50% off & more", page: 2, sort: "name_desc" });
    expect(search).toBe("q=50%25+off+%26+more&page=2&sort=name_desc");
    expect(readWaitlistViewState(new URLSearchParams(search))).toEqual({
      q: "50% off & more",
      page: 2,
      sort: "name_desc",
    });
    expect(waitlistViewSearch({ q: "a", page: 1, sort: "joined_desc" }, { pageSize: "50" })).toBe("q=a&pageSize=50");
  });
});
