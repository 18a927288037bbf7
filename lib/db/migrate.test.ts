import { createHash } from "node:crypto";

import { databaseKind, getDb, migrateDatabase, withSql } from "@/lib/db";
import { applyMigrations, readFunctionFiles, readMigrations, type FunctionFile } from "@/lib/db/migrate";
import { prepareTestDatabase, resetDatabase } from "@/test/db";

prepareTestDatabase();

const columnsOf = (table: string) =>
  withSql((sql) =>
    sql.query<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
      `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`,
      [table],
    ),
  );

describe(`migrations (${process.env.DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  it("uses the database the environment names", () => {
    expect(databaseKind()).toBe(process.env.DATABASE_URL ? "postgres" : "embedded");
  });

  // Tables, columns, types and indexes are held to schema.prisma by lib/db/schema-drift.test.ts.
  it("gives admin_users its defaults: active, emailed about nothing and with full rights", async () => {
    const columns = await columnsOf("admin_users");
    const defaults = Object.fromEntries(columns.map((c) => [c.column_name, c.column_default]));
    expect(defaults.isActive).toBe("true");
    // Every admin has full rights until an admin chooses a narrower role for them.
    expect(defaults.role).toBe("'admin'::text");
    // Nobody is emailed about signups until they choose to be.
    expect(defaults.notify).toBe("'none'::text");
    expect(defaults.createdAt).toMatch(/CURRENT_TIMESTAMP/i);
  });

  it("keeps each signup's source in a column the database generates, and refuses a value for it", async () => {
    await resetDatabase();
    const sourceOf = (email: string) =>
      withSql((sql) =>
        sql.query<{ source: string }>(`SELECT "source" FROM "waitlist" WHERE "email" = $1`, [email]),
      ).then((rows) => rows[0]?.source);
    await withSql((sql) =>
      sql.exec(`INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "utmSource", "referrer") VALUES
        ('A', 'a@x.io', 'car', '1', 'newsletter', 't.co'), ('B', 'b@x.io', 'car', '1', NULL, 't.co'), ('C', 'c@x.io', 'car', '1', NULL, NULL)`),
    );
    expect([await sourceOf("a@x.io"), await sourceOf("b@x.io"), await sourceOf("c@x.io")]).toEqual([
      "newsletter",
      "t.co",
      "direct",
    ]);
    // How it came (a personal link, an import) comes after a utm_source and before the referring host.
    await withSql((sql) =>
      sql.exec(`INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "utmSource", "referrer", "origin") VALUES
        ('R', 'r@x.io', 'car', '1', NULL, 't.co', 'referral'), ('S', 's@x.io', 'car', '1', 'fair', NULL, 'referral'),
        ('I', 'i@x.io', 'car', 'not-given', NULL, NULL, 'import')`),
    );
    expect([await sourceOf("r@x.io"), await sourceOf("s@x.io"), await sourceOf("i@x.io")]).toEqual([
      "referral",
      "fair",
      "import",
    ]);
    await withSql((sql) => sql.exec(`UPDATE "waitlist" SET "utmSource" = 'fair' WHERE "email" = 'c@x.io'`));
    expect(await sourceOf("c@x.io")).toBe("fair");
    await expect(
      withSql((sql) =>
        sql.exec(
          `INSERT INTO "waitlist" ("name", "email", "businessType", "employees", "source") VALUES ('D', 'd@x.io', 'car', '1', 'x')`,
        ),
      ),
    ).rejects.toThrow(/non-DEFAULT value into column "source"/);
    // Prisma leaves it out of what it writes, and reads it back.
    const created = await getDb().waitlistEntry.create({
      data: { name: "E", email: "e@x.io", businessType: "car", employees: "1", referrer: "t.co" },
    });
    expect(created.source).toBe("t.co");
    await getDb().waitlistEntry.createMany({
      data: [
        { name: "F", email: "f@x.io", businessType: "car", employees: "1", utmSource: "fair" },
        { name: "G", email: "g@x.io", businessType: "car", employees: "1" },
      ],
    });
    expect([await sourceOf("f@x.io"), await sourceOf("g@x.io")]).toEqual(["fair", "direct"]);
  });

  it("keeps of visits only a salt per day, salted hashes and daily counts: no address or user agent", async () => {
    const shapes = Object.fromEntries(
      await Promise.all(
        ["visit_salts", "visit_seen", "visit_networks", "visit_daily"].map(async (table) => [
          table,
          (await columnsOf(table)).map((c) => [c.column_name, c.data_type]),
        ]),
      ),
    );
    expect(shapes).toEqual({
      visit_salts: [
        ["day", "date"],
        ["salt", "bytea"],
      ],
      visit_seen: [
        ["day", "date"],
        ["source", "text"],
        ["hash", "bytea"],
        ["signedUp", "boolean"],
      ],
      visit_networks: [
        ["day", "date"],
        ["hash", "bytea"],
        ["visitors", "integer"],
      ],
      visit_daily: [
        ["day", "date"],
        ["source", "text"],
        ["slot", "smallint"],
        ["visitors", "integer"],
      ],
    });
  });

  it("enforces unique emails on both tables", async () => {
    await resetDatabase();
    await withSql((sql) =>
      sql.exec(`INSERT INTO waitlist (name, email, "businessType", employees) VALUES ('A', 'a@x.io', 'car', '1')`),
    );
    await expect(
      withSql((sql) =>
        sql.exec(`INSERT INTO waitlist (name, email, "businessType", employees) VALUES ('B', 'a@x.io', 'car', '1')`),
      ),
    ).rejects.toThrow(/unique|duplicate/i);
    await withSql((sql) => sql.exec(`INSERT INTO admin_users (name, email, password) VALUES ('A', 'a@x.io', 'h')`));
    await expect(
      withSql((sql) => sql.exec(`INSERT INTO admin_users (name, email, password) VALUES ('B', 'a@x.io', 'h')`)),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it("records Prisma-compatible rows and is idempotent", async () => {
    expect(await migrateDatabase()).toEqual([]);
    const rows = await withSql((sql) =>
      sql.query<{
        migration_name: string;
        checksum: string;
        finished_at: Date | null;
        applied_steps_count: number;
        rolled_back_at: Date | null;
      }>(
        `SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name`,
      ),
    );
    const migrations = readMigrations();
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const [index, row] of rows.entries()) {
      const expected = createHash("sha256").update(migrations[index]!.sql).digest("hex");
      expect(row.checksum).toBe(expected);
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("has the indexes that keep search and sorting fast", async () => {
    const indexes = await withSql((sql) =>
      sql.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'waitlist' AND schemaname = current_schema()`,
      ),
    );
    const names = indexes.map((i) => i.indexname).sort();
    expect(names).toEqual(
      [
        "waitlist_businessType_idx",
        "waitlist_credited_referrals_idx",
        "waitlist_email_key",
        "waitlist_email_trgm_idx",
        "waitlist_held_idx",
        "waitlist_joinedAt_id_idx",
        "waitlist_lineOrder_id_idx",
        "waitlist_name_id_idx",
        "waitlist_name_trgm_idx",
        "waitlist_pkey",
        "waitlist_referralCode_key",
        "waitlist_referral_credits_idx",
        "waitlist_referredById_idx",
        "waitlist_reminder_due_idx",
        "waitlist_signup_network_joined_idx",
        "waitlist_source_trgm_idx",
        "waitlist_status_joined_idx",
      ].sort(),
    );
    // Signups are always "waiting": this index must leave them out, or every signup would write to it.
    expect(indexes.find((i) => i.indexname === "waitlist_status_joined_idx")?.indexdef).toMatch(
      /WHERE \(status <> 'waiting'::text\)/,
    );
    // Only credited referrals: a signup, and most confirmations, never write to it.
    expect(indexes.find((i) => i.indexname === "waitlist_credited_referrals_idx")?.indexdef).toMatch(
      /WHERE \("referralCredit" = 'credited'::text\)/,
    );
    expect(indexes.find((i) => i.indexname === "waitlist_referral_credits_idx")?.indexdef).toMatch(
      /WHERE \("referralCredits" > 0\)/,
    );
    expect(indexes.find((i) => i.indexname === "waitlist_name_trgm_idx")?.indexdef).toMatch(/gin .*gin_trgm_ops/i);
    expect(indexes.find((i) => i.indexname === "waitlist_source_trgm_idx")?.indexdef).toMatch(/gin .*gin_trgm_ops/i);
  });

  describe("stored functions (prisma/sql/functions)", () => {
    // Each function's name and body (what PostgreSQL keeps as prosrc) as a file defines it.
    // A name may have more than one form (arguments), each its own function: keyed by both.
    const definedIn = (files: FunctionFile[]) =>
      files.flatMap((file) =>
        [...file.sql.matchAll(/CREATE OR REPLACE FUNCTION "([^"]+)"\(([^)]*)\)[\s\S]*?AS \$\$([\s\S]*?)\$\$/g)].map(
          ([, name, args, body]) => ({ file: file.name, name: name!, args: args!, body: body! }),
        ),
      );
    const bodiesIn = (names: string[]) =>
      withSql((sql) =>
        sql.query<{ name: string; body: string }>(
          `SELECT proname AS name, prosrc AS body FROM pg_proc WHERE pronamespace = current_schema()::regnamespace AND proname = ANY($1::text[]) ORDER BY proname, prosrc`,
          [names],
        ),
      );
    const byNameAndBody = (a: { name: string; body: string }, b: { name: string; body: string }) =>
      a.name === b.name ? (a.body < b.body ? -1 : a.body > b.body ? 1 : 0) : a.name.localeCompare(b.name);
    const messageId = () =>
      withSql((sql) => sql.query<{ id: string }>(`SELECT "email_message_id"('example.com') AS "id"`)).then(
        (rows) => rows[0]!.id,
      );

    it("has one CREATE OR REPLACE per function, and every trigger's function among them", async () => {
      const defined = definedIn(readFunctionFiles());
      expect(defined.length).toBeGreaterThan(10);
      expect(new Set(defined.map((fn) => `${fn.name}(${fn.args})`)).size).toBe(defined.length);
      const triggered = await withSql((sql) =>
        sql.query<{ name: string }>(
          `SELECT DISTINCT p.proname AS name FROM pg_trigger AS t JOIN pg_proc AS p ON p.oid = t.tgfoid
           JOIN pg_class AS c ON c.oid = t.tgrelid WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal`,
        ),
      );
      expect(triggered.length).toBeGreaterThan(0);
      for (const { name } of triggered) expect(defined.map((fn) => fn.name)).toContain(name);
    });

    it("leaves a migrated database with every function's body exactly as its file has it, and the same after re-running", async () => {
      const defined = definedIn(readFunctionFiles());
      const expected = defined.map(({ name, body }) => ({ name, body })).sort(byNameAndBody);
      expect((await bodiesIn(defined.map((fn) => fn.name))).sort(byNameAndBody)).toEqual(expected);

      const count = () =>
        withSql((sql) =>
          sql.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_proc WHERE pronamespace = current_schema()::regnamespace`,
          ),
        );
      const before = await count();
      expect(await migrateDatabase()).toEqual([]);
      expect(await migrateDatabase()).toEqual([]);
      expect(await count()).toEqual(before);
      expect((await bodiesIn(defined.map((fn) => fn.name))).sort(byNameAndBody)).toEqual(expected);
      expect(await messageId()).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    });

    it("applies the files after the migrations, every run, so a changed file takes effect on the next run", async () => {
      const migration = (name: string, sql: string) => ({
        name,
        sql,
        checksum: createHash("sha256").update(sql).digest("hex"),
      });
      const created = migration(
        "29990101000000_function_order_check",
        `CREATE FUNCTION "function_order_check"() RETURNS text LANGUAGE sql AS $$ SELECT 'migration' $$;`,
      );
      const file = (body: string): FunctionFile => ({
        name: "function_order_check.sql",
        sql: `CREATE OR REPLACE FUNCTION "function_order_check"() RETURNS text LANGUAGE sql AS $$ SELECT '${body}' $$;`,
      });
      const check = () =>
        withSql((sql) => sql.query<{ value: string }>(`SELECT "function_order_check"() AS "value"`)).then(
          (rows) => rows[0]!.value,
        );
      try {
        // The migration creates the function; its file, applied after, has the last word.
        expect(
          await withSql((sql) => applyMigrations(sql, { migrations: [created], functions: [file("file")] })),
        ).toEqual([created.name]);
        expect(await check()).toBe("file");
        // No new migration: the file is applied all the same, and a changed body takes effect.
        expect(
          await withSql((sql) => applyMigrations(sql, { migrations: [created], functions: [file("changed")] })),
        ).toEqual([]);
        expect(await check()).toBe("changed");
        // A new migration and the files go in one transaction: a file that fails leaves none of them applied,
        // so nothing is ever written under a migration's placeholder bodies.
        const next = migration("29990102000000_function_order_next", `CREATE TABLE "function_order_next" ("id" int);`);
        await expect(
          withSql((sql) =>
            applyMigrations(sql, {
              migrations: [created, next],
              functions: [file("not kept"), { name: "z_broken.sql", sql: "CREATE OR REPLACE FUNCTION broken(" }],
            }),
          ),
        ).rejects.toThrow();
        expect(await check()).toBe("changed");
        const recorded = await withSql((sql) =>
          sql.query(`SELECT 1 FROM "_prisma_migrations" WHERE "migration_name" = $1`, [next.name]),
        );
        expect(recorded).toEqual([]);
        expect(await withSql((sql) => sql.query(`SELECT to_regclass('"function_order_next"') AS "table"`))).toEqual([
          { table: null },
        ]);
      } finally {
        await withSql((sql) =>
          sql.exec(
            `DROP FUNCTION IF EXISTS "function_order_check"(); DELETE FROM "_prisma_migrations" WHERE "migration_name" = '${created.name}';`,
          ),
        );
      }
    });

    it("replaces a project function whose file changed, and puts it back when the file does", async () => {
      const files = readFunctionFiles();
      const changed = files.map((file) =>
        file.name === "email_message_id.sql" ? { ...file, sql: file.sql.replace(`'<' ||`, `'<changed-' ||`) } : file,
      );
      expect(changed).not.toEqual(files);
      try {
        await withSql((sql) => applyMigrations(sql, { functions: changed }));
        expect(await messageId()).toMatch(/^<changed-/);
      } finally {
        await migrateDatabase();
      }
      expect(await messageId()).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    });
  });
});
