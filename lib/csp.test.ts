import { contentSecurityPolicy } from "@/lib/csp";

describe("the policy of a page asked for with a body", () => {
  it("is the site's own policy with only its script files allowed, set by next.config.mjs where the proxy does not run", async () => {
    const config = (await import("../next.config.mjs")).default as {
      headers: () => Promise<{ source: string; has?: { key: string }[]; headers: { key: string; value: string }[] }[]>;
    };
    const entries = (await config.headers()).filter((entry) => entry.has?.length);
    const withBody = entries.filter((entry) => ["content-length", "transfer-encoding"].includes(entry.has![0]!.key));
    expect(withBody.map((entry) => entry.has![0]!.key).sort()).toEqual(["content-length", "transfer-encoding"]);
    for (const entry of withBody) {
      expect(entry.source).toBe("/((?!api/).*)");
      expect(entry.headers).toEqual([
        { key: "Content-Security-Policy", value: contentSecurityPolicy({ hashes: [] }, false) },
      ]);
    }
  });
});
