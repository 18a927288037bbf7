import "server-only";

import { assertAdminCan, assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import { MOVED_UP_PLACES_DEFAULT, type MovedUpSettings, type TryOttoSettings } from "@/lib/validation/site-settings";

// The list's settings the owner chooses (one row, "site_settings", made by its migration). Every admin reads
// them on the Settings page; only an admin with full rights changes them, and each change is audited.

/** The "You moved up" updates as set now (off, after 10 places, if the row were ever missing). */
export async function getMovedUpSettings(actor: VerifiedAdmin): Promise<MovedUpSettings> {
  assertVerifiedAdmin(actor);
  const row = await getDb().siteSettings.findUnique({
    where: { id: 1 },
    select: { movedUpEnabled: true, movedUpPlaces: true },
  });
  return { enabled: row?.movedUpEnabled ?? false, places: row?.movedUpPlaces ?? MOVED_UP_PLACES_DEFAULT };
}

/**
 * Turns the "You moved up" updates on or off and sets how many places count as a move; the audit log records
 * what it was and what it became (nothing when nothing changed).
 */
export async function setMovedUpSettings(actor: VerifiedAdmin, settings: MovedUpSettings): Promise<MovedUpSettings> {
  assertAdminCan(actor, "settings");
  await getDb().$transaction(async (tx) => {
    // Locked, so two saves at once each record the setting they really replaced.
    await tx.$executeRaw`INSERT INTO "site_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING`;
    const [current] = await tx.$queryRaw<{ enabled: boolean; places: number }[]>`
      SELECT "movedUpEnabled" AS "enabled", "movedUpPlaces" AS "places" FROM "site_settings" WHERE "id" = 1 FOR UPDATE`;
    if (current && current.enabled === settings.enabled && current.places === settings.places) return;
    await tx.siteSettings.update({
      where: { id: 1 },
      data: { movedUpEnabled: settings.enabled, movedUpPlaces: settings.places },
    });
    await recordAudit(tx, auditActorOf(actor), {
      action: "settings.moved_up",
      details: { from: current ?? null, to: settings },
    });
  });
  return settings;
}

/** Whether the owner has the landing page's live demo on (it also needs OPENAI_API_KEY, and TRY_OTTO not "off"). */
export async function getTryOttoSettings(actor: VerifiedAdmin): Promise<TryOttoSettings> {
  assertVerifiedAdmin(actor);
  const row = await getDb().siteSettings.findUnique({ where: { id: 1 }, select: { tryOttoEnabled: true } });
  return { enabled: row?.tryOttoEnabled ?? true };
}

/**
 * The live demo's kill switch: turns it off (or on again) for every visitor at once, whatever the environment says
 * (it stays off without a key or with TRY_OTTO=off). Audited with what it was and what it became.
 */
export async function setTryOttoSettings(actor: VerifiedAdmin, settings: TryOttoSettings): Promise<TryOttoSettings> {
  assertAdminCan(actor, "settings");
  await getDb().$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO "site_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING`;
    const [current] = await tx.$queryRaw<{ enabled: boolean }[]>`
      SELECT "tryOttoEnabled" AS "enabled" FROM "site_settings" WHERE "id" = 1 FOR UPDATE`;
    if (current?.enabled === settings.enabled) return;
    await tx.siteSettings.update({ where: { id: 1 }, data: { tryOttoEnabled: settings.enabled } });
    await recordAudit(tx, auditActorOf(actor), {
      action: "settings.try_otto",
      details: { from: current ?? null, to: settings },
    });
  });
  return settings;
}
