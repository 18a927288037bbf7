import { z } from "zod";

import { adminRoute } from "@/lib/auth/admin-route";
import { HttpError, json } from "@/lib/http";
import { insertAdmin, startTestSession, testRequest } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const PATH = "/api/admin/example";

const noteSchema = z.strictObject({ note: z.string({ error: "note must be text" }).max(20, "note is too long") });

/** What the handler saw, so a test can tell whether it ran at all. */
let seen: { adminId: number; body: unknown; query: unknown; id: unknown }[];

const POST = adminRoute(
  {
    id: { schema: z.coerce.number().int().positive(), message: "The example id must be a positive whole number" },
    body: noteSchema,
    maxBytes: 256,
  },
  async ({ admin, body, query, id }) => {
    seen.push({ adminId: admin.id, body, query, id });
    if (body.note === "gone") throw new HttpError(404, "No example has this id.");
    if (body.note === "boom") throw new Error("a secret detail at /srv/app/lib/data.ts:42");
    return json({ note: body.note, id });
  },
);

const GET = adminRoute(
  { query: z.object({ page: z.coerce.number().int().min(1, "page must be 1 or more") }) },
  async ({ query }) => json({ page: query.page }),
);

const params = (id = "7") => ({ params: Promise.resolve({ id }) });

let cookie: string;
let adminId: number;

beforeEach(async () => {
  await resetDatabase();
  seen = [];
  const admin = await insertAdmin({ email: "ada@example.com" });
  adminId = admin.id;
  cookie = (await startTestSession(admin)).cookie;
});

describe(`adminRoute (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("passes the verified admin, the parsed id and body to the handler", async () => {
    const response = await POST(testRequest(PATH, { body: { note: "hello" }, cookie }), params());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ note: "hello", id: 7 });
    expect(seen).toEqual([{ adminId, body: { note: "hello" }, query: undefined, id: 7 }]);
  });

  it("answers 401 without a session, clearing the cookie, before reading anything", async () => {
    const response = await POST(
      testRequest(PATH, { body: { note: "hello" }, headers: { origin: "https://elsewhere.example" } }),
      params("not-a-number"),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/sign in/i) });
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(seen).toEqual([]);
  });

  it("answers 403 to a write from another site, by Origin or by Sec-Fetch-Site", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "https://elsewhere.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await POST(testRequest(PATH, { body: { note: "hello" }, cookie, headers }), params());
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed." });
    }
    expect(seen).toEqual([]);
  });

  it("lets a read from another site through: only writes need to come from this site", async () => {
    const response = await GET(
      testRequest(`${PATH}?page=2`, { cookie, headers: { "sec-fetch-site": "cross-site" } }),
      undefined,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ page: 2 });
  });

  it("answers 400 with its message for an id that does not fit", async () => {
    const response = await POST(testRequest(PATH, { body: { note: "hello" }, cookie }), params("0"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "The example id must be a positive whole number",
      errors: { body: [expect.any(String)] },
    });
    expect(seen).toEqual([]);
  });

  it("answers 400 with field errors and a message for a body that does not fit", async () => {
    const response = await POST(testRequest(PATH, { body: { note: 42 }, cookie }), params());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Please check the highlighted fields.",
      errors: { note: ["note must be text"] },
    });
    expect(seen).toEqual([]);
  });

  it("answers 400 naming each problem for a query that does not fit", async () => {
    const response = await GET(testRequest(`${PATH}?page=0`, { cookie }), undefined);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Invalid parameters: page must be 1 or more.",
      errors: { page: ["page must be 1 or more"] },
    });
  });

  it("answers 413 to a body over maxBytes, declared or not", async () => {
    const big = { note: "x".repeat(300) };
    const declared = await POST(testRequest(PATH, { body: big, cookie }), params());
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: "The request body is too large (at most 256 bytes)." });

    // Streamed without a Content-Length: refused as the bytes pass the cap.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        controller.close();
      },
    });
    const streamed = await POST(
      new Request(`http://localhost${PATH}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
      params(),
    );
    expect(streamed.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("answers a known error thrown by the handler with its status and message", async () => {
    const response = await POST(testRequest(PATH, { body: { note: "gone" }, cookie }), params());
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No example has this id." });
  });

  it("answers an unknown error with a 500 that carries no stack or detail", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await POST(testRequest(PATH, { body: { note: "boom" }, cookie }), params());
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: "Something went wrong on our side. Please try again later." });
      expect(text).not.toMatch(/secret detail|\/srv\/app|at .*:\d+/);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it("checks whoever the route names instead of the admin, when it names someone", async () => {
    const who = jest.fn(async () => {
      throw new HttpError(401, "Sign in again.", { endsSession: true });
    });
    const route = adminRoute({ who }, async () => json({ reached: true }));
    const response = await route(testRequest(PATH, { method: "POST", cookie }), undefined);
    expect(response.status).toBe(401);
    expect(who).toHaveBeenCalledTimes(1);
  });
});
