// A signed-in admin for the benches that call the admin API: a fresh admin row, then the real sign-in route.
import bcrypt from "bcryptjs";

/**
 * Adds an admin named for the bench (`tag`) and signs in as them through POST /api/admin/login from `address`
 * (each bench its own, so no sign-in limit is shared); returns the session cookie ("name=value").
 */
export async function signInAsBenchAdmin(baseUrl, client, tag, address) {
  const email = `bench-${tag}-${Date.now()}@example.com`;
  const password = "bench-password-123";
  await client.query(`INSERT INTO "admin_users" ("name", "email", "password") VALUES ('Bench Admin', $1, $2)`, [
    email,
    await bcrypt.hash(password, 10),
  ]);
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.includes("session-token"));
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie.split(";")[0];
}
