import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters, z } from "@/lib/validation/zod";

/** The longest tag: a word or a short phrase ("cleaners in london"), never a paragraph. */
export const TAG_MAX_LENGTH = 40;

/** The most tags one entry may carry: past that, tags stop telling people apart. */
export const TAGS_PER_ENTRY = 20;

/**
 * A tag as it is kept: trimmed, inner spaces as one, lower-cased, so "London", " london " and "LONDON" are one tag
 * wherever they are typed (the entry page, a bulk edit, an import's TAGS column or a filter).
 */
export function normaliseTag(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** One tag, as typed; commas separate tags in the CSV, an import and the filter, so a tag holds none. */
export const tagSchema = z
  .string({ error: "A tag must be text" })
  .refine(hasNoControlCharacters, { message: `A tag ${CONTROL_CHARACTER_MESSAGE}`, abort: true })
  .transform(normaliseTag)
  .pipe(
    z
      .string()
      .min(1, { message: "Enter a tag" })
      .max(TAG_MAX_LENGTH, { message: `A tag must be at most ${TAG_MAX_LENGTH} characters` })
      .refine((tag) => !tag.includes(","), { message: "A tag cannot contain a comma" }),
  );

/** Tags as one piece of text, separated by commas (an import's TAGS cell, a filter's value); blanks dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim().replace(/^"(.*)"$/, "$1"))
    .filter((part) => part.trim() !== "");
}

/** A list of tags, each checked, without repeats (in the order first given). */
export const tagListSchema = z
  .array(tagSchema, { error: "Tags must be a list of tags" })
  .max(TAGS_PER_ENTRY, { message: `At most ${TAGS_PER_ENTRY} tags at a time` })
  .transform((tags) => [...new Set(tags)]);

/**
 * A filter's tags, typed as "london, cleaners": each one a tag, at most as many as an entry can carry. Kept as
 * the same text, normalised ("cleaners,london"), so the page's address and a request say the same.
 */
export const tagFilterSchema = z.string({ error: "tags must be text" }).transform((text, context) => {
  const parsed = tagListSchema.safeParse(splitTags(text));
  if (!parsed.success) {
    context.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Enter tags separated by commas" });
    return z.NEVER;
  }
  return parsed.data.length === 0 ? undefined : [...parsed.data].sort().join(",");
});
