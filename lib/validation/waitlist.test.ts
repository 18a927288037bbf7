import {
  BUSINESS_DESCRIPTION_MAX_LENGTH,
  businessTypeText,
  waitlistFields,
  waitlistSchema,
} from "@/lib/validation/waitlist";

const signup = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  businessType: "other",
  employees: "1",
  agreedToTerms: true,
};

const descriptionOf = (body: Record<string, unknown>) => {
  const parsed = waitlistSchema.safeParse(body);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data.businessDescription;
};

const errorsOf = (body: Record<string, unknown>) => {
  const parsed = waitlistSchema.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe('"What kind of business?" in the waiting list schema', () => {
  it("keeps it, trimmed, with the business type Other", () => {
    expect(descriptionOf({ ...signup, businessDescription: "  Dog grooming & walking " })).toBe(
      "Dog grooming & walking",
    );
    expect(descriptionOf({ ...signup, businessDescription: "Fotografía de bodas" })).toBe("Fotografía de bodas");
  });

  it("is optional: absent, empty or blank is not given", () => {
    expect(descriptionOf(signup)).toBeUndefined();
    expect(descriptionOf({ ...signup, businessDescription: "" })).toBeUndefined();
    expect(descriptionOf({ ...signup, businessDescription: " \t " })).toBeUndefined();
  });

  it(`refuses more than ${BUSINESS_DESCRIPTION_MAX_LENGTH} characters, control characters and non-text`, () => {
    expect(descriptionOf({ ...signup, businessDescription: "a".repeat(BUSINESS_DESCRIPTION_MAX_LENGTH) })).toHaveLength(
      BUSINESS_DESCRIPTION_MAX_LENGTH,
    );
    expect(errorsOf({ ...signup, businessDescription: "a".repeat(BUSINESS_DESCRIPTION_MAX_LENGTH + 1) })).toEqual([
      "businessDescription: Please keep it to 100 characters",
    ]);
    expect(errorsOf({ ...signup, businessDescription: "Dogs\nCats" })).toEqual([
      "businessDescription: What kind of business must not contain control characters",
    ]);
    expect(errorsOf({ ...signup, businessDescription: ["Dogs"] })).toEqual([
      "businessDescription: What kind of business must be text",
    ]);
  });

  it("drops it, unchecked, with any business type but Other", () => {
    for (const businessType of ["cleaning", "car", "tutoring"]) {
      expect(descriptionOf({ ...signup, businessType, businessDescription: "Dog grooming" })).toBeUndefined();
      expect(descriptionOf({ ...signup, businessType, businessDescription: "x".repeat(500) })).toBeUndefined();
    }
  });

  it("leaves the other fields' rules as they were: a missing business type is still refused", () => {
    expect(errorsOf({ ...signup, businessType: "", businessDescription: "Dogs" })).toEqual([
      "businessType: Please select a business type",
    ]);
    // The object form of the schema is what the import's per-field checks use.
    expect(waitlistFields.shape.name.safeParse("A").success).toBe(false);
  });

  it("reads as one line after Other, and not after any other type", () => {
    expect(businessTypeText("other", "Dog grooming")).toBe("Other: Dog grooming");
    expect(businessTypeText("other", null)).toBe("Other");
    expect(businessTypeText("car", "Dog grooming")).toBe("Car valeting & detailing");
  });
});
