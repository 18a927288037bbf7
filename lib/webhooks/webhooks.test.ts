import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { DELETE as deleteRoute } from "@/app/api/admin/webhooks/[id]/route";
import { POST as testRoute } from "@/app/api/admin/webhooks/[id]/test/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/admin/webhooks/route";
import { deleteWaitlistEntry } from "@/lib/data/waitlist/entry-actions";
import { deleteHeldEntries, releaseHeldEntries } from "@/lib/data/waitlist/held";
import { acceptInvitation, inviteEntries } from "@/lib/data/waitlist/invitations";
import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb, withSql } from "@/lib/db";
import { isPrivateAddress } from "@/lib/webhooks/address";
import { sweepWebhooks, type WebhookEvent } from "@/lib/webhooks/deliveries";
import { insertAdmin, startTestSession, testRequest, verifiedAdminFor } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

/** A receiver on this machine: records each request, answers with the next status in `answers` (then 200). */
function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200).end("ok");
    });
  });
  return new Promise<{ url: string; received: typeof received; answers: number[]; close: () => Promise<void> }>(
    (resolve) =>
      server.listen(0, "127.0.0.1", () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
          received,
          answers,
          close: () => new Promise((done) => server.close(() => done())),
        }),
      ),
  );
}

/** Standard Webhooks verification, written out here from its description rather than taken from our code. */
function verify(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key)
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest("base64");
  return String(headers["webhook-signature"]).split(" ").includes(`v1,${expected}`);
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let cookie: string;
let admin: Awaited<ReturnType<typeof verifiedAdminFor>>;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

beforeEach(async () => {
  await resetDatabase();
  receiver.received.length = 0;
  receiver.answers.length = 0;
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
  process.env.WEBHOOK_RETRY_SCHEDULE = "60,300";
  const row = await insertAdmin({ email: "ada@example.com" });
  cookie = (await startTestSession(row)).cookie;
  admin = await verifiedAdminFor(row);
});
afterEach(() => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  delete process.env.WEBHOOK_RETRY_SCHEDULE;
});

const create = async (url: unknown) => {
  const response = await createRoute(testRequest("/api/admin/webhooks", { body: { url }, cookie }), undefined);
  return {
    status: response.status,
    body: (await response.json()) as {
      webhook?: { id: number; secret: string };
      message?: string;
      errors?: Record<string, string[]>;
    },
  };
};
const events = () => receiver.received.map((request) => (JSON.parse(request.body) as WebhookEvent).type);

describe(`webhooks (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("knows the addresses a webhook may not reach", () => {
    for (const address of [
      "127.0.0.1",
      "127.8.9.10",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fc00::1",
      "fd12::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
    ]) {
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: true });
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"]) {
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: false });
    }
  });

  it("refuses URLs that are not http(s), carry credentials, or lead to private, loopback or link-local addresses", async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "false";
    for (const url of [
      "ftp://example.com/x",
      "javascript:alert(1)",
      "file:///etc/passwd",
      "https://user:pass@93.184.216.34/x",
      "not a url",
      "",
      42,
    ]) {
      const { status, body } = await create(url);
      expect({ url, status }).toEqual({ url, status: 400 });
      expect(body.message).toBeTruthy();
    }
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://localhost/x",
      "http://10.0.0.5/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://[::127.0.0.1]/x",
      "http://[64:ff9b::127.0.0.1]/x",
      "http://[2002:a9fe:a9fe::1]/latest/meta-data",
    ]) {
      const { status, body } = await create(url);
      expect({ url, status }).toEqual({ url, status: 400 });
      expect(body.errors?.url?.[0]).toMatch(/private, loopback or link-local|could not be found/);
    }
    expect(await getDb().webhook.count()).toBe(0);
    // A public address is fine (nothing is sent until there is an event).
    expect((await create("https://93.184.216.34/hooks")).status).toBe(201);
  });

  it("sends every waitlist event, signed, to each webhook; an erased entry's queued events go, and only its id is sent", async () => {
    const { body } = await create(receiver.url);
    const secret = body.webhook!.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "other",
      businessDescription: "Mobile dog grooming",
      employees: "2-5",
      agreedToTerms: true,
      source: { utmSource: "newsletter" },
    });
    await addWaitlistEntry({
      name: "Ann Again",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      agreedToTerms: true,
    });
    await addWaitlistEntry({
      name: "Bob Jones",
      email: "bob@example.com",
      businessType: "trades",
      employees: "1",
      agreedToTerms: true,
    });
    const ann = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    const bob = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "bob@example.com" } });
    await withSql((sql) => sql.query(`UPDATE "waitlist" SET "confirmedAt" = now() WHERE "id" = $1`, [ann.id]));
    await inviteEntries(admin, { ids: [ann.id, bob.id] }, "");
    const token = "c".repeat(64);
    await withSql((sql) =>
      sql.query(
        `UPDATE "waitlist_tokens" SET "tokenHash" = encode(sha256(convert_to($1, 'UTF8')), 'hex') WHERE "entryId" = $2 AND "purpose" = 'accept'`,
        [token, ann.id],
      ),
    );
    await acceptInvitation(token);
    await acceptInvitation(token);

    // Bob is erased before anything is sent: his signup and invitation are not sent, only that an entry went.
    await deleteWaitlistEntry(admin, bob.id);
    expect(await sweepWebhooks()).toEqual({ delivered: 5, retry: 0, failed: 0 });
    expect(events().sort()).toEqual(
      ["waitlist.accepted", "waitlist.confirmed", "waitlist.deleted", "waitlist.invited", "waitlist.signup"].sort(),
    );
    for (const request of receiver.received) {
      expect(verify(secret, request.headers, request.body)).toBe(true);
      expect(Math.abs(Number(request.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
      expect(request.headers["content-type"]).toBe("application/json");
    }
    const byType = Object.fromEntries(
      receiver.received.map((request) => [
        (JSON.parse(request.body) as WebhookEvent).type,
        JSON.parse(request.body) as WebhookEvent,
      ]),
    );
    expect(byType["waitlist.signup"]!.data.entry).toMatchObject({
      id: ann.id,
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "other",
      businessDescription: "Mobile dog grooming",
      source: "newsletter",
      status: "waiting",
    });
    expect(byType["waitlist.accepted"]!.data.entry).toMatchObject({
      id: ann.id,
      status: "accepted",
      businessDescription: "Mobile dog grooming",
    });
    expect(byType["waitlist.deleted"]!.data).toEqual({ entry: { id: bob.id } });
    expect(receiver.received.map((request) => request.body).join()).not.toContain("bob@example.com");
    // Tampering with the body breaks the signature (the signup's, which names Ann: deliveries arrive in any order).
    const signup = receiver.received.find((request) => request.body.includes("Ann Smith"))!;
    expect(signup.body.replace("Ann", "Eve")).not.toBe(signup.body);
    expect(verify(secret, signup.headers, signup.body.replace("Ann", "Eve"))).toBe(false);
  });

  it("says nothing of a signup held for review until it is released (waitlist.released), nor of one deleted while held", async () => {
    await create(receiver.url);
    const held = (email: string) =>
      addWaitlistEntry(
        { name: "Hal Held", email, businessType: "car", employees: "1", agreedToTerms: true },
        new Date(),
        { heldReason: "missing" },
      );
    await held("kept@example.com");
    await held("dropped@example.com");
    const kept = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "kept@example.com" } });
    const dropped = await getDb().waitlistEntry.findUniqueOrThrow({ where: { email: "dropped@example.com" } });
    expect(await getDb().webhookDelivery.count()).toBe(0);

    await deleteHeldEntries(admin, [dropped.id]);
    await releaseHeldEntries(admin, [kept.id]);
    expect(await sweepWebhooks()).toEqual({ delivered: 1, retry: 0, failed: 0 });
    expect(events()).toEqual(["waitlist.released"]);
    const event = JSON.parse(receiver.received[0]!.body) as WebhookEvent;
    expect(event.data.entry).toMatchObject({
      id: kept.id,
      name: "Hal Held",
      email: "kept@example.com",
      status: "waiting",
    });
  });

  it("retries with backoff until the receiver answers 2xx, logging each attempt, and gives up after the last", async () => {
    const { body } = await create(receiver.url);
    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      agreedToTerms: true,
    });
    receiver.answers.push(500, 503);
    const start = new Date();
    expect(await sweepWebhooks(start)).toEqual({ delivered: 0, retry: 1, failed: 0 });
    // Not due again until the first interval has passed.
    expect(await sweepWebhooks(new Date(start.getTime() + 59_000))).toEqual({ delivered: 0, retry: 0, failed: 0 });
    expect(await sweepWebhooks(new Date(start.getTime() + 61_000))).toEqual({ delivered: 0, retry: 1, failed: 0 });
    expect(await sweepWebhooks(new Date(start.getTime() + 61_000 + 301_000))).toEqual({
      delivered: 1,
      retry: 0,
      failed: 0,
    });
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({
      where: { webhookId: body.webhook!.id },
      include: { attemptsLog: { orderBy: { id: "asc" } } },
    });
    expect(delivery.status).toBe("delivered");
    expect(delivery.attemptsLog.map((attempt) => [attempt.responseStatus, attempt.error])).toEqual([
      [500, "The receiver answered 500."],
      [503, "The receiver answered 503."],
      [200, null],
    ]);
    // The same event id on every retry, so receivers can drop duplicates.
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);

    await addWaitlistEntry({
      name: "Bob Jones",
      email: "bob@example.com",
      businessType: "car",
      employees: "1",
      agreedToTerms: true,
    });
    receiver.answers.push(500, 500, 500);
    const later = new Date(start.getTime() + 3_600_000);
    await sweepWebhooks(later);
    await sweepWebhooks(new Date(later.getTime() + 61_000));
    expect(await sweepWebhooks(new Date(later.getTime() + 61_000 + 301_000))).toEqual({
      delivered: 0,
      retry: 0,
      failed: 1,
    });
  });

  it("checks the address again when it sends: a webhook that now points inside is not reached", async () => {
    await create(receiver.url);
    process.env.WEBHOOKS_ALLOW_PRIVATE = "false";
    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      agreedToTerms: true,
    });
    expect(await sweepWebhooks()).toEqual({ delivered: 0, retry: 1, failed: 0 });
    expect(receiver.received).toEqual([]);
    const attempt = await getDb().webhookAttempt.findFirstOrThrow();
    expect(attempt.error).toMatch(/private, loopback or link-local/);
  });

  it("sends a test event on demand, lists, and removes webhooks: admins only", async () => {
    const { body } = await create(receiver.url);
    const id = body.webhook!.id;
    const params = { params: Promise.resolve({ id: String(id) }) };
    const tested = await testRoute(testRequest(`/api/admin/webhooks/${id}/test`, { method: "POST", cookie }), params);
    expect(await tested.json()).toEqual({ delivered: true, responseStatus: 200, error: null });
    expect(events()).toEqual(["webhook.test"]);
    const listed = (await (await listRoute(testRequest("/api/admin/webhooks", { cookie }), undefined)).json()) as {
      webhooks: { id: number; deliveries: { event: string; status: string }[] }[];
    };
    expect(listed.webhooks[0]!.deliveries).toMatchObject([{ event: "webhook.test", status: "delivered" }]);
    // Sending is an action too: the log says who sent what where, written with the queued event.
    expect(
      await getDb().auditLog.findMany({
        orderBy: { id: "asc" },
        select: { action: true, target: true, details: true },
      }),
    ).toEqual([
      { action: "webhook.create", target: `webhook:${id}`, details: { host: new URL(receiver.url).host } },
      { action: "webhook.test", target: `webhook:${id}`, details: { host: new URL(receiver.url).host } },
    ]);
    const unknown = { params: Promise.resolve({ id: String(id + 1) }) };
    expect(
      (await testRoute(testRequest(`/api/admin/webhooks/${id + 1}/test`, { method: "POST", cookie }), unknown)).status,
    ).toBe(404);
    expect(await getDb().auditLog.count({ where: { action: "webhook.test" } })).toBe(1);

    expect(
      (await deleteRoute(testRequest(`/api/admin/webhooks/${id}`, { method: "DELETE", cookie }), params)).status,
    ).toBe(204);
    expect(
      (await deleteRoute(testRequest(`/api/admin/webhooks/${id}`, { method: "DELETE", cookie }), params)).status,
    ).toBe(404);
    expect(await getDb().webhookDelivery.count()).toBe(0);
    expect((await listRoute(testRequest("/api/admin/webhooks"), undefined)).status).toBe(401);
    expect(
      (await createRoute(testRequest("/api/admin/webhooks", { body: { url: receiver.url } }), undefined)).status,
    ).toBe(401);
    expect((await testRoute(testRequest(`/api/admin/webhooks/${id}/test`, { method: "POST" }), params)).status).toBe(
      401,
    );
  });
});
