import { addWaitlistEntry } from "@/lib/data/waitlist/signups";
import { getDb } from "@/lib/db";
import { messageDomain, newMessageIdSql } from "@/lib/email/message-id";
import { hashToken, hashTokenSql, isWellFormedToken, NEW_TOKEN_SQL, newToken } from "@/lib/email/tokens";
import { Prisma } from "@/lib/generated/prisma/client";
import { insertAdmin } from "@/test/admin";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

describe(`Message-IDs and link tokens (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("makes a new Message-ID at the site's host for each row", async () => {
    const rows = await getDb().$queryRaw<
      { id: string }[]
    >`SELECT ${newMessageIdSql()} AS "id" FROM generate_series(1, 2)`;
    for (const row of rows) expect(row.id).toMatch(/^<[0-9a-f-]{36}@[a-z0-9.-]+>$/);
    expect(rows[0]!.id).not.toBe(rows[1]!.id);
  });

  it("gives the mail queued inside the database (the signup alerts) Message-IDs by the same rule as the rest", async () => {
    await resetDatabase();
    await insertAdmin({ email: "each@example.com" });
    await getDb().adminUser.update({ where: { email: "each@example.com" }, data: { notify: "each" } });
    await addWaitlistEntry({
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      agreedToTerms: true,
    });
    const rows = await getDb().emailOutbox.findMany({
      orderBy: { id: "asc" },
      select: { kind: true, messageId: true },
    });
    expect(rows.map((row) => row.kind).sort()).toEqual(["confirmation", "signup-alert"]);
    const atSite = new RegExp(`^<[0-9a-f-]{36}@${messageDomain().replaceAll(".", "\\.")}>$`);
    for (const row of rows) expect(row.messageId).toMatch(atSite);
    expect(rows[0]!.messageId).not.toBe(rows[1]!.messageId);
  });

  it("hashes a token alike in the database and here, whichever side made it", async () => {
    const mine = newToken();
    const [row] = await getDb().$queryRaw<{ token: string; theirs: string; mine: string }[]>`
      WITH made AS (SELECT ${NEW_TOKEN_SQL} AS "token")
      SELECT "token", ${hashTokenSql(Prisma.sql`"token"`)} AS "theirs", ${hashTokenSql(Prisma.sql`${mine}::text`)} AS "mine" FROM made`;
    expect(isWellFormedToken(mine)).toBe(true);
    expect(isWellFormedToken(row!.token)).toBe(true);
    expect(row!.theirs).toBe(hashToken(row!.token));
    expect(row!.mine).toBe(hashToken(mine));
  });
});
