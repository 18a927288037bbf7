import { z } from "zod";

import { POST as resolveRoute } from "@/app/api/admin/errors/[id]/resolve/route";
import { onRequestError } from "@/instrumentation";
import { listErrorGroups } from "@/lib/data/errors";
import { getDb, withSql } from "@/lib/db";
import { recordError } from "@/lib/errors/record";
import { HttpError, json, route } from "@/lib/http";
import { insertAdmin, startTestSession, testRequest, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const groups = () =>
  withSql((sql) =>
    sql.query<{ id: number; name: string; message: string; route: string; count: number; resolvedAt: Date | null }>(
      `SELECT "id", "name", "message", "route", "count", "resolvedAt" FROM "error_events" ORDER BY "id"`,
    ),
  );

/** Waits for the recording the route wrapper started without holding up its answer. */
async function groupsWhen(check: (rows: Awaited<ReturnType<typeof groups>>) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await groups();
    if (check(rows) || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the slow query is running in its own session. */
async function waitForSession() {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [row] = await withSql((sql) =>
      sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%going-away%' AND pid <> pg_backend_pid()`,
      ),
    );
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const failing = route(async (request: Request) => {
  const { id } = (await request.json()) as { id: number };
  throw new Error(`Entry ${id} could not be confirmed for ann.lee@example.com with token=abcdef0123456789abcdef`);
});

const call = (handler: typeof failing, path: string, body: unknown = { id: 1 }) =>
  handler(testRequest(path, { body }), undefined);

beforeEach(async () => {
  await resetDatabase();
  // The route wrapper logs each failure; these tests fail on purpose.
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe(`recording errors (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("records a thrown error once per cause, scrubbed, and counts it again with another id", async () => {
    const first = await call(failing, "/api/things/41/confirm", { id: 41 });
    expect(first.status).toBe(500);
    expect(await first.json()).toEqual({ message: "Something went wrong on our side. Please try again later." });
    await call(failing, "/api/things/97/confirm", { id: 97 });
    const rows = await groupsWhen((found) => found[0]?.count === 2);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Error", route: "/api/things/[id]/confirm", count: 2 });
    expect(rows[0]!.message).not.toContain("ann.lee");
    expect(rows[0]!.message).not.toContain("abcdef0123456789abcdef");
    expect(rows[0]!.message).toContain("[email]");
  });

  it("does not record the answers that are expected: a 4xx, a validation error, a 429", async () => {
    const refusals = [
      route(async () => {
        throw new HttpError(404, "No such entry");
      }),
      route(async () => {
        z.object({ email: z.email() }).parse({ email: "nope" });
        return json({});
      }),
      route(async () => {
        throw new HttpError(429, "Too many tries", { headers: { "Retry-After": "60" } });
      }),
    ];
    for (const refusal of refusals) expect((await call(refusal, "/api/things")).status).toBeLessThan(500);
    await call(failing, "/api/sentinel");
    const rows = await groupsWhen((found) => found.length > 0);
    expect(rows.map((row) => row.route)).toEqual(["/api/sentinel"]);
  });

  it("records what the framework's hook reports (a page or a server action), through the server's recorder", async () => {
    await onRequestError(
      new TypeError("Cannot read properties of undefined (reading 'place')"),
      { path: "/waitlist/status?token=secret", method: "GET" },
      { routePath: "/waitlist/status" },
    );
    expect(await groups()).toMatchObject([{ name: "TypeError", route: "/waitlist/status", count: 1 }]);
  });

  it("lets a member resolve a group (audited), a viewer not; the same error again opens it", async () => {
    await call(failing, "/api/things");
    const [group] = await groupsWhen((found) => found.length === 1);
    const viewer = await insertAdmin({ email: "vi@example.com", role: "viewer" });
    const viewerCookie = (await startTestSession(viewer)).cookie;
    const resolveAs = (cookie: string, id: number | string = group!.id) =>
      resolveRoute(testRequest(`/api/admin/errors/${id}/resolve`, { method: "POST", cookie }), {
        params: Promise.resolve({ id: String(id) }),
      });
    expect((await resolveAs(viewerCookie)).status).toBe(403);
    expect(await listErrorGroups(await verifiedAdminFor(viewer))).toHaveLength(1);

    const member = await insertAdmin({ email: "me@example.com", role: "member" });
    const memberCookie = (await startTestSession(member)).cookie;
    expect((await resolveAs(memberCookie, "x1")).status).toBe(400);
    const resolved = await resolveAs(memberCookie);
    expect(resolved.status).toBe(200);
    expect((await resolveAs(memberCookie)).status).toBe(404);
    const audit = await getDb().auditLog.findMany({ where: { action: "error.resolve" } });
    expect(audit).toMatchObject([{ adminEmail: "me@example.com", target: `error:${group!.id}` }]);
    expect(await listErrorGroups(await verifiedAdminFor(member))).toHaveLength(0);
    expect(await listErrorGroups(await verifiedAdminFor(member), { resolved: true })).toHaveLength(1);

    await call(failing, "/api/things");
    const reopened = await groupsWhen((found) => found[0]?.count === 2);
    expect(reopened).toMatchObject([{ id: group!.id, count: 2, resolvedAt: null }]);
  });

  // Only PostgreSQL has other sessions to end: the embedded database is this process.
  (process.env.DATABASE_URL ? it : it.skip)(
    "records a request whose database connection goes away in the middle, once the database answers again",
    async () => {
      const waiting = route(async () => {
        await withSql((sql) => sql.query(`SELECT pg_sleep(30) /* going-away */`));
        return json({ ok: true });
      });
      const answer = call(waiting, "/api/slow");
      // End that session from another one, as a database restart or a failover does.
      await waitForSession();
      await withSql((sql) =>
        sql.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE query LIKE '%going-away%' AND pid <> pg_backend_pid()`,
        ),
      );
      expect((await answer).status).toBeGreaterThanOrEqual(500);
      const rows = await groupsWhen((found) => found.length === 1);
      expect(rows).toMatchObject([{ route: "/api/slow", count: 1 }]);
    },
  );

  it("never turns an answer into a failure when the errors table is unavailable", async () => {
    await withSql((sql) => sql.query(`ALTER TABLE "error_events" RENAME TO "error_events_away"`));
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await expect(
        recordError({ kind: "server", name: "Error", message: "x", route: "/", method: "GET" }),
      ).resolves.toBeUndefined();
      const failed = await call(failing, "/api/things");
      expect(failed.status).toBe(500);
      const fine = await call(
        route(async () => json({ ok: true })),
        "/api/fine",
      );
      expect(fine.status).toBe(200);
      expect(warn).toHaveBeenCalledWith("[errors] could not record an error:", expect.any(String), expect.any(String));
    } finally {
      warn.mockRestore();
      await withSql((sql) => sql.query(`ALTER TABLE "error_events_away" RENAME TO "error_events"`));
    }
  });
});
