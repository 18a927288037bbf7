import { fingerprintOf, maskForGrouping, scrub, topOwnFrame } from "@/lib/errors/scrub";

describe("scrubbing what an error says", () => {
  it("masks an email address, a token, a cookie, a bearer token and a password", () => {
    const said = [
      "Could not confirm mike.doyle+otto@example.co.uk",
      "token=6f1c2b9e0d4a4c3fa1b2c3d4e5f60718 expired",
      "cookie: authjs.session-token=eyJhbGciOi.abc; other=1",
      "Authorization: Basic dXNlcjpwYXNz",
      "upstream refused Bearer abc.def.ghi",
      'body {"email":"a@b.io","password":"hunter2!"}',
      "link /waitlist/confirm?token=Zx9_abcdefghijklmnopqrstuv12",
    ].join("\n");
    const safe = scrub(said);
    for (const secret of [
      "mike.doyle",
      "example.co.uk",
      "6f1c2b9e0d4a4c3fa1b2c3d4e5f60718",
      "authjs.session-token=eyJ",
      "abc.def.ghi",
      "dXNlcjpwYXNz",
      "a@b.io",
      "hunter2",
      "Zx9_abcdefghijklmnopqrstuv12",
    ])
      expect(safe).not.toContain(secret);
    expect(safe).toContain("Could not confirm [email]");
    expect(safe).toContain("cookie: [redacted]");
    expect(safe).toContain("Authorization: [redacted]");
    expect(safe).toContain("Bearer [redacted]");
    expect(safe).toContain('"password":"[redacted]"');
  });

  it("keeps ordinary words, and cuts a long text", () => {
    expect(scrub("Cannot read properties of undefined (reading 'confirmedAt')")).toBe(
      "Cannot read properties of undefined (reading 'confirmedAt')",
    );
    expect(scrub("x".repeat(50), 10)).toHaveLength(10);
  });
});

describe("grouping", () => {
  const facts = (message: string, stack?: string) => ({
    kind: "server" as const,
    name: "Error",
    message,
    stack,
    route: "/api/waitlist",
    method: "POST",
  });

  it("groups messages that differ only in numbers, ids and quoted values", () => {
    expect(maskForGrouping('Entry 41 "ann" not found')).toBe(maskForGrouping('Entry 97 "bo" not found'));
    expect(fingerprintOf(facts("Entry 41 not found"))).toBe(fingerprintOf(facts("Entry 97 not found")));
    expect(fingerprintOf(facts("Entry 41 not found"))).not.toBe(fingerprintOf(facts("Entry was deleted")));
    expect(fingerprintOf(facts("boom"))).not.toBe(fingerprintOf({ ...facts("boom"), route: "/api/visit" }));
    expect(fingerprintOf(facts("boom"))).not.toBe(fingerprintOf({ ...facts("boom"), kind: "browser" }));
  });

  it("takes the first frame of the site's own code, without its line, so a release that moves it keeps the group", () => {
    const stack = (line: number) =>
      [
        "Error: boom",
        "    at Object.query (/srv/otto/node_modules/pg/lib/client.js:12:3)",
        "    at node:internal/process/task_queues:95:5",
        `    at queueConfirmation (/srv/otto/lib/data/waitlist/signups.ts:${line}:9)`,
        "    at POST (/srv/otto/.next/server/app/api/waitlist/route.js:3:1)",
      ].join("\n");
    expect(topOwnFrame(stack(120))).toBe("queueConfirmation lib/data/waitlist/signups.ts");
    expect(fingerprintOf(facts("boom", stack(120)))).toBe(fingerprintOf(facts("boom", stack(188))));
    expect(topOwnFrame("Error: x\n    at node:internal/x:1:1")).toBe("");
    // A production build's chunks: their hashed names change with each build, so only a function's name counts.
    expect(topOwnFrame("Error: x\n    at /srv/otto/.next/server/chunks/_1_ptkv73r7_70._.js:1:189")).toBe("");
    expect(topOwnFrame("Error: x\n    at confirm (/srv/otto/.next/server/chunks/_0jye2._.js:1:4829)")).toBe("confirm");
    expect(topOwnFrame("TypeError: x\n    at submit (https://otto.example/_next/static/chunks/a1b2.js:1:99)")).toBe(
      "submit",
    );
  });
});
