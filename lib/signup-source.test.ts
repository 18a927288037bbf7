import {
  captureSignupSource,
  fillReferralField,
  SIGNUP_CAPTURE_SCRIPT,
  SIGNUP_SOURCE_KEY,
  storedSignupSource,
} from "@/lib/signup-source";
import { cleanSignupSource } from "@/lib/validation/waitlist";

/** sessionStorage as a Map. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe("the visit's source", () => {
  it("keeps the first page's UTM parameters and the referring site's host", () => {
    const storage = memoryStorage();
    captureSignupSource(
      "https://otto.example/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=x",
      "https://news.example.com/issue/4?ref=1",
      storage,
    );
    expect(storedSignupSource(storage)).toEqual({
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
      referrer: "news.example.com",
    });
  });

  it("is first touch: a later page of the same visit changes nothing, and a direct first visit counts too", () => {
    const storage = memoryStorage();
    captureSignupSource("https://otto.example/", "", storage);
    captureSignupSource("https://otto.example/?utm_source=twitter", "https://t.co/", storage);
    expect(storedSignupSource(storage)).toEqual({});
  });

  it("leaves out this site as a referrer", () => {
    const storage = memoryStorage();
    captureSignupSource("https://otto.example/?utm_campaign=spring", "https://otto.example/privacy", storage);
    expect(storedSignupSource(storage)).toEqual({ utmCampaign: "spring" });
  });

  it("survives storage that refuses writes, and a stored value that is not JSON", () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => captureSignupSource("https://otto.example/?utm_source=x", "", refusing)).not.toThrow();
    const storage = memoryStorage();
    storage.items.set(SIGNUP_SOURCE_KEY, "{not json");
    expect(storedSignupSource(storage)).toBeNull();
  });

  it("sends only the values the server accepts, each checked on its own", () => {
    expect(
      cleanSignupSource({
        utmSource: "Newsletter",
        utmCampaign: "<b>spring</b>",
        referrer: "News.Example.com",
        other: "x",
      }),
    ).toEqual({
      utmSource: "newsletter",
      referrer: "news.example.com",
    });
    expect(cleanSignupSource({ utmSource: "=cmd" })).toBeUndefined();
    expect(cleanSignupSource(null)).toBeUndefined();
    expect(cleanSignupSource("newsletter")).toBeUndefined();
  });
});

describe("the landing page's inline capture script", () => {
  it("runs on its own, keeps the first touch with the personal link's code, and fills the plain form's ref as it is sent", () => {
    const storage = memoryStorage();
    const listeners: ((event: { target: unknown }) => void)[] = [];
    const field = { value: "" };
    const form = { elements: { namedItem: (name: string) => (name === "ref" ? field : null) } };
    const run = new Function("window", "location", "document", SIGNUP_CAPTURE_SCRIPT);
    run(
      { sessionStorage: storage },
      { href: "https://otto.example/?ref=Ab3dEf7h&utm_source=friend" },
      {
        referrer: "",
        addEventListener: (_: string, listener: (event: { target: unknown }) => void) => listeners.push(listener),
      },
    );
    expect(storedSignupSource(storage)).toEqual({ ref: "Ab3dEf7h", utmSource: "friend" });
    listeners.forEach((listener) => listener({ target: form }));
    expect(field.value).toBe("ab3def7h");
  });

  it("leaves the form's ref empty for a code that is not one", () => {
    const storage = memoryStorage();
    storage.items.set(SIGNUP_SOURCE_KEY, JSON.stringify({ ref: "<b>nope</b>" }));
    const field = { value: "" };
    fillReferralField({ elements: { namedItem: () => field } }, storage);
    expect(field.value).toBe("");
  });
});
