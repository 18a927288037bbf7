import { requireSameOrigin } from "@/lib/auth/guard";
import { isWellFormedToken } from "@/lib/email/tokens";
import { HttpError, json, readForm, route, seeOther, wantsPage } from "@/lib/http";
import { sendSoon } from "@/lib/jobs/send-soon";

/** What taking a link's step can come to: done now, done before, or a link that does not work. */
type StepResult = { status: string };
type Invalid = { status: "invalid" };

export interface TokenStep<R extends StepResult> {
  /** Takes the step for a well-formed token, once: a second post of the same link changes nothing. */
  take: (token: string) => Promise<R | Invalid>;
  /** The emails the step queued (its own transaction wrote them), sent right after the answer; null for none. */
  outbox: (result: Exclude<R, Invalid>) => number | number[] | null;
  /** Where a browser's form post goes next: back to the link's page, or on to wherever the step leads. */
  next: (token: string | null, result: R | Invalid) => string;
  /** The 404's message to a script for a link that does not work. */
  invalidMessage: string;
  /** The JSON answer to a script for a link that worked. */
  answer: (result: Exclude<R, Invalid>) => Record<string, unknown>;
}

/**
 * The POST behind a link in an email (confirm an address, accept an invitation), the only thing that takes
 * its step. Opening the link only shows a page with a form that posts here, so mail scanners that open every
 * link (GET, HEAD) change nothing. The post must come from this site and carry no more than a small form;
 * the token is read from the link's own query string, and one that is not even well formed never reaches
 * the database. A browser is sent on (303) to the page that shows the result; a script gets JSON.
 */
export function tokenStepRoute<R extends StepResult>(step: TokenStep<R>) {
  return route(async (request) => {
    requireSameOrigin(request);
    // The form has no fields; reading the body only refuses a large one.
    await readForm(request);
    const token = new URL(request.url).searchParams.get("token");
    const result: R | Invalid = isWellFormedToken(token) ? await step.take(token) : { status: "invalid" };
    const taken = result.status === "invalid" ? null : (result as Exclude<R, Invalid>);
    if (taken) {
      const outbox = step.outbox(taken);
      if (outbox !== null) sendSoon(outbox);
    }
    if (wantsPage(request)) return seeOther(step.next(token, result));
    if (!taken) throw new HttpError(404, step.invalidMessage);
    return json(step.answer(taken));
  });
}
