import { sendSoon } from "@/lib/jobs/send-soon";
import { tokenStepRoute } from "@/lib/token-step";

jest.mock("@/lib/jobs/send-soon", () => ({ sendSoon: jest.fn() }));

type Result = { status: "done"; name: string; outboxId: number } | { status: "done-before"; name: string };

const TOKEN = "a".repeat(43);
const take = jest.fn<Promise<Result | { status: "invalid" }>, [string]>();

const POST = tokenStepRoute<Result>({
  take,
  outbox: (result) => (result.status === "done" ? result.outboxId : null),
  next: (token, result) => `/step?token=${token ?? "none"}&result=${result.status}`,
  invalidMessage: "This link does not work.",
  answer: (result) => ({ status: result.status, message: `Thanks, ${result.name}` }),
});

/** A post as the link's page sends it: a form, from this site, asking for a page unless `script` says otherwise. */
function post(query: string, options: { script?: boolean; headers?: Record<string, string>; body?: string } = {}) {
  return POST(
    new Request(`http://localhost/api/step${query}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
        ...(options.script ? { accept: "application/json" } : { accept: "text/html" }),
        ...options.headers,
      },
      body: options.body ?? "",
    }),
    undefined,
  );
}

beforeEach(() => {
  take.mockReset();
  jest.mocked(sendSoon).mockReset();
});

describe("tokenStepRoute", () => {
  it("takes the step once for a well-formed token, sends its emails, and sends a browser on", async () => {
    take.mockResolvedValue({ status: "done", name: "Ann", outboxId: 12 });
    const response = await post(`?token=${TOKEN}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/step?token=${TOKEN}&result=done`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(take).toHaveBeenCalledTimes(1);
    expect(take).toHaveBeenCalledWith(TOKEN);
    expect(sendSoon).toHaveBeenCalledWith(12);
  });

  it("answers a script with JSON, and sends nothing for a step taken before", async () => {
    take.mockResolvedValue({ status: "done-before", name: "Ann" });
    const response = await post(`?token=${TOKEN}`, { script: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "done-before", message: "Thanks, Ann" });
    expect(sendSoon).not.toHaveBeenCalled();
  });

  it("never looks up a token that is not well formed: a 404 to a script, the page to a browser", async () => {
    const script = await post("?token=not-a-token", { script: true });
    expect(script.status).toBe(404);
    expect(await script.json()).toEqual({ message: "This link does not work." });

    const browser = await post("?token=not-a-token");
    expect(browser.headers.get("location")).toBe("/step?token=not-a-token&result=invalid");
    expect((await post("")).headers.get("location")).toBe("/step?token=none&result=invalid");
    expect(take).not.toHaveBeenCalled();
    expect(sendSoon).not.toHaveBeenCalled();
  });

  it("answers a script 404 when the database knows no such link", async () => {
    take.mockResolvedValue({ status: "invalid" });
    const response = await post(`?token=${TOKEN}`, { script: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "This link does not work." });
    expect(sendSoon).not.toHaveBeenCalled();
  });

  it("refuses a post from another site (403) and a large body (413), taking nothing", async () => {
    const crossSite = await post(`?token=${TOKEN}`, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await post(`?token=${TOKEN}`, {
      headers: { "sec-fetch-site": "", origin: "https://evil.example" },
    });
    expect(otherOrigin.status).toBe(403);
    const large = await post(`?token=${TOKEN}`, { body: "x".repeat(64 * 1024) });
    expect(large.status).toBe(413);
    expect(take).not.toHaveBeenCalled();
  });

  it("answers a failure of the step itself with a clean 500", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      take.mockRejectedValue(new Error("the database said something private"));
      const response = await post(`?token=${TOKEN}`, { script: true });
      expect(response.status).toBe(500);
      expect(await response.text()).not.toMatch(/private/);
    } finally {
      logged.mockRestore();
    }
  });
});
