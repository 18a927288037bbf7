import { waitlistSchema } from "@/lib/validation/waitlist";
import {
  decodeDraft,
  decodeThanks,
  encodeDraft,
  encodeThanks,
  entriesOfForm,
  signupBodyOfForm,
} from "@/lib/waitlist-form-post";

describe("the plain waiting list form's post", () => {
  it("reads the fields into the JSON body's shape: a ticked box is true, an unticked one false", () => {
    const ticked = signupBodyOfForm(
      new URLSearchParams("name=Ada&email=ada%40example.com&businessType=car&employees=1&agreedToTerms=on&website="),
    );
    expect(ticked).toEqual({
      name: "Ada",
      email: "ada@example.com",
      businessType: "car",
      employees: "1",
      agreedToTerms: true,
      website: "",
    });
    expect(waitlistSchema.safeParse(ticked).success).toBe(true);
    expect(waitlistSchema.safeParse({ ...ticked, agreedToTerms: false }).success).toBe(false);
    expect(signupBodyOfForm(new URLSearchParams("name=Ada"))).toEqual({ name: "Ada", agreedToTerms: false });
  });

  it("keeps entries to show again, cut to a sane length and only with choices the selects offer", () => {
    const entries = entriesOfForm(
      new URLSearchParams({ name: "x".repeat(500), email: "a@b", businessType: "spaceships", employees: "11+" }),
    );
    expect(entries).toEqual({
      name: "x".repeat(300),
      email: "a@b",
      businessType: "",
      businessDescription: "",
      employees: "11+",
      agreedToTerms: false,
    });
  });

  it("reads back the draft it wrote, and nothing from a garbled or forged cookie", () => {
    const draft = {
      entries: {
        name: "Ada",
        email: "ada@example",
        businessType: "other",
        businessDescription: "Dog grooming",
        employees: "1",
        agreedToTerms: true,
      },
      problem: "rate-limit" as const,
    };
    expect(decodeDraft(encodeDraft(draft))).toEqual(draft);
    expect(decodeDraft(undefined)).toBeNull();
    expect(decodeDraft("not base64 json")).toBeNull();
    expect(
      decodeDraft(
        Buffer.from(JSON.stringify({ entries: { name: 42, businessType: "<b>" }, problem: "<script>" })).toString(
          "base64url",
        ),
      ),
    ).toEqual({
      entries: { name: "", email: "", businessType: "", businessDescription: "", employees: "", agreedToTerms: false },
    });
  });

  it("carries the address and whether the signup was held to the thank-you page, and only an address that reads as one", () => {
    for (const held of [true, false]) {
      const value = encodeThanks({ email: "ada+list@example.com", held });
      expect(value).toMatch(/^[\x21-\x7e]+$/);
      expect(value).not.toMatch(/[;,\s"\\]/);
      expect(decodeThanks(value)).toEqual({ email: "ada+list@example.com", held });
    }
    expect(decodeThanks("sent:%E0%A4%A")).toBeNull();
    expect(decodeThanks("held:not an address")).toBeNull();
    expect(decodeThanks(encodeURIComponent("ada@example.com"))).toBeNull();
    expect(decodeThanks(undefined)).toBeNull();
  });
});
