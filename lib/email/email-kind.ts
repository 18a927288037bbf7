import type { ReactElement } from "react";
import type { z } from "zod";

import type { ContactWay } from "@/content/email-links";

/** What every template is given besides its payload. */
export interface EmailContext {
  productName: string;
  siteUrl: string;
  /** How to reach the team, as this deployment allows (the visitors' emails say it). */
  contact: ContactWay;
}

/** Who an email goes to, as an entry's timeline says it. */
export type Recipient = "them" | "your team" | "the admin";

/**
 * One kind of email, as its file in lib/email/kinds/ declares it: the name its outbox rows carry, its subject,
 * the schema its stored payload must fit (checked before the message is rendered, so a row written by an
 * older or a faulty version fails alone, with the reason), its template, and how the team reads it: `label`
 * on the Emails pages, `onEntry` and `to` on one entry's timeline.
 */
export interface EmailKindDefinition<K extends string = string, S extends z.ZodType = z.ZodType> {
  kind: K;
  /** The subject line; the product's name first, then whatever else this kind's subject says. */
  subject(productName: string, ...rest: never[]): string;
  payload: S;
  template(payload: z.infer<S>, common: EmailContext): ReactElement;
  label: string;
  onEntry: string;
  to: Recipient;
}

/** A kind of email, typed by its name and payload schema (for lib/email/kinds/index.ts to list). */
export function defineEmailKind<const K extends string, S extends z.ZodType>(
  definition: EmailKindDefinition<K, S>,
): EmailKindDefinition<K, S> {
  return definition;
}
