import { adminRoute } from "@/lib/auth/admin-route";
import { assertAdminCan } from "@/lib/auth/verified";
import { TEST_SERVER_ERROR } from "@/lib/validation/errors";

/**
 * Throws, on purpose, so the owner can see recording, grouping and the alert work end to end (as a hosted
 * tracker's "send a test event" does). It fails as any route would: a 500 with the usual message, recorded.
 */
export const POST = adminRoute({}, async ({ admin }) => {
  assertAdminCan(admin, "errors");
  throw new Error(TEST_SERVER_ERROR);
});
