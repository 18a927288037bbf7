import "server-only";

import { roleCan } from "@/lib/auth/roles";
import { assertAdminCan, assertVerifiedAdmin, auditActorOf, type VerifiedAdmin } from "@/lib/auth/verified";
import { recordAudit } from "@/lib/data/audit";
import { getDb } from "@/lib/db";
import { HttpError } from "@/lib/http";

/** A note as the entry's page shows it. */
export interface EntryNote {
  id: number;
  body: string;
  authorId: number | null;
  authorEmail: string;
  createdAt: Date;
  updatedAt: Date | null;
}

const NOTE_FIELDS = {
  id: true,
  body: true,
  authorId: true,
  authorEmail: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The message when a note is not the admin's to change. */
export const NOT_YOUR_NOTE_MESSAGE = "Only its author or an admin can change this note.";

/** One entry's notes, oldest first (they read as a conversation about the person). */
export async function entryNotes(actor: VerifiedAdmin, entryId: number): Promise<EntryNote[]> {
  assertVerifiedAdmin(actor);
  return getDb().waitlistNote.findMany({ where: { entryId }, orderBy: { id: "asc" }, select: NOTE_FIELDS });
}

/** Whether an admin may edit or delete a note: its author may, and so may an admin with full rights. */
export function canChangeNote(actor: VerifiedAdmin, note: { authorId: number | null }): boolean {
  if (!roleCan(actor.role, "note")) return false;
  return actor.role === "admin" || (note.authorId !== null && note.authorId === actor.id);
}

/** Adds a note to an entry, audited in the same transaction; null when no entry has this id. */
export async function addNote(actor: VerifiedAdmin, entryId: number, body: string): Promise<EntryNote | null> {
  assertAdminCan(actor, "note");
  return getDb().$transaction(async (tx) => {
    const entry = await tx.waitlistEntry.findUnique({ where: { id: entryId }, select: { id: true } });
    if (!entry) return null;
    const note = await tx.waitlistNote.create({
      data: { entryId, authorId: actor.id, authorEmail: actor.email, body },
      select: NOTE_FIELDS,
    });
    await recordAudit(tx, auditActorOf(actor), {
      action: "waitlist.note_add",
      target: `entry:${entryId}`,
      details: { note: note.id },
    });
    return note;
  });
}

/**
 * Edits or deletes a note (`body` null deletes), audited in the same transaction. Its author or a full admin
 * only (a 403 otherwise); null when no note has this id. The note's row is locked, so an edit and a delete at
 * once leave one outcome.
 */
export async function changeNote(
  actor: VerifiedAdmin,
  noteId: number,
  body: string | null,
  now = new Date(),
): Promise<EntryNote | "deleted" | null> {
  assertAdminCan(actor, "note");
  return getDb().$transaction(async (tx) => {
    const [note] = await tx.$queryRaw<{ id: number; entryId: number; authorId: number | null }[]>`
      SELECT "id", "entryId", "authorId" FROM "waitlist_notes" WHERE "id" = ${noteId} FOR UPDATE`;
    if (!note) return null;
    if (!canChangeNote(actor, note)) throw new HttpError(403, NOT_YOUR_NOTE_MESSAGE);
    const audit = { target: `entry:${note.entryId}`, details: { note: note.id } };
    if (body === null) {
      await tx.waitlistNote.delete({ where: { id: noteId } });
      await recordAudit(tx, auditActorOf(actor), { action: "waitlist.note_delete", ...audit });
      return "deleted" as const;
    }
    const edited = await tx.waitlistNote.update({
      where: { id: noteId },
      data: { body, updatedAt: now },
      select: NOTE_FIELDS,
    });
    await recordAudit(tx, auditActorOf(actor), { action: "waitlist.note_edit", ...audit });
    return edited;
  });
}
