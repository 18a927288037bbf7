import { clip, redactSecrets } from "@/lib/ai/redact";

describe("redactSecrets", () => {
  it("replaces every occurrence of each secret", () => {
    expect(redactSecrets("key abc123xyz then abc123xyz again", ["abc123xyz"])).toBe(
      "key [redacted] then [redacted] again",
    );
  });

  it("hides anything shaped like an OpenAI key, even masked, and bearer tokens", () => {
    expect(redactSecrets("Incorrect API key provided: sk-proj-****abcd. See docs.", [])).toBe(
      "Incorrect API key provided: [redacted]. See docs.",
    );
    expect(redactSecrets("sent Authorization: Bearer xyz.123", [])).toBe("sent Authorization: [redacted]");
  });

  it("ignores missing secrets and leaves ordinary text alone", () => {
    expect(redactSecrets("Rate limit reached for requests.", [undefined, ""])).toBe("Rate limit reached for requests.");
  });
});

describe("clip", () => {
  it("keeps short text and cuts long text with an ellipsis", () => {
    expect(clip("  hello  ", 10)).toBe("hello");
    expect(clip("abcdefghijkl", 5)).toBe("abcd…");
    expect(clip("abcdefghijkl", 5)).toHaveLength(5);
  });
});
