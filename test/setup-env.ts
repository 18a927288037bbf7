// Each Jest worker gets its own database: an in-memory embedded one by default, or a fresh
// schema of TEST_DATABASE_URL when that is set (see lib/testing/database.ts).
import { randomBytes } from "node:crypto";

const testUrl = process.env.TEST_DATABASE_URL?.trim();
if (testUrl) {
  process.env.DATABASE_URL = testUrl;
  process.env.DATABASE_SCHEMA ??= `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
process.env.AUTH_SECRET ??= "test-secret-".padEnd(48, "x");
// Route tests build their requests by hand, standing in for one trusted proxy that appends the client's
// address to X-Forwarded-For (production trusts none unless configured; lib/http.test.ts covers that).
process.env.TRUSTED_PROXY_HOPS ??= "1";
// Tests of everything else sign up without solving a proof of work, as the spec's API calls do; the tests of
// the challenge itself set "hold" and "require" (app/api/waitlist/challenge.test.ts).
process.env.SIGNUP_CHALLENGE ??= "off";
