import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

/** The longest note: a few paragraphs about one person. */
export const NOTE_MAX_LENGTH = 2000;

/** A note's text, on an entry's page and in POST/PATCH of its notes; line breaks are kept. */
export const noteBodySchema = z
  .string({ error: "Write the note as text" })
  .trim()
  .min(1, { message: "Write the note first" })
  .max(NOTE_MAX_LENGTH, { message: `A note must be at most ${NOTE_MAX_LENGTH.toLocaleString("en-GB")} characters` })
  .refine((text) => hasNoControlCharacters(text.replace(/\r?\n|\t/g, " ")), {
    message: `A note ${CONTROL_CHARACTER_MESSAGE}`,
  });

/** POST /api/admin/waitlist/{id}/notes and PATCH …/notes/{noteId}: the note's text. */
export const noteSchema = z.strictObject({ body: noteBodySchema });
export type NoteInput = z.input<typeof noteSchema>;
