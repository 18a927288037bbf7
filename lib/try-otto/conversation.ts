import "server-only";

import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { authSecretKey } from "@/lib/auth/secret";
import { TRY_OTTO_MAX_TURNS } from "@/lib/validation/try-otto";

// Names what the derived key is for: never the key that seals sessions or signs challenges.
const KEY_LABEL = "otto/try-otto-conversation/v1";

/**
 * What a conversation's ticket says: which conversation, how many turns it has had, and the UTC day it began.
 * The browser keeps the conversation; the server keeps nothing, so a follow-up proves with this signed ticket that it
 * continues a conversation already counted against its network's daily limit. Each ticket is accepted once.
 */
export interface ConversationTicket {
  id: string;
  turns: number;
  day: string;
}

function sign(body: string): string {
  return createHmac("sha256", authSecretKey(KEY_LABEL)).update(body).digest("base64url");
}

/** A signed ticket for a conversation after `turns` turns. */
export function issueTicket(ticket: ConversationTicket): string {
  const body = Buffer.from(JSON.stringify(ticket)).toString("base64url");
  return `${body}.${sign(body)}`;
}

/** A new conversation's ticket after its first turn. */
export function firstTicket(day: string): string {
  return issueTicket({ id: randomBytes(12).toString("base64url"), turns: 1, day });
}

/** The ticket's contents when it is ours, of today and has turns left; else null. */
export function readTicket(token: string, day: string): ConversationTicket | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const ticket = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as ConversationTicket;
    if (ticket.day !== day || !Number.isInteger(ticket.turns) || ticket.turns >= TRY_OTTO_MAX_TURNS) return null;
    return ticket;
  } catch {
    return null;
  }
}

/** The hash a used ticket is recorded by (with the used proofs of work), so it is accepted once. */
export function ticketHash(token: string): Buffer {
  return createHash("sha256").update(`try-otto:${token}`).digest();
}
