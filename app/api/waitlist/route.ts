import { requestHost, requireSameOrigin } from "@/lib/auth/guard";
import { isSecureRequest } from "@/lib/auth/session";
import {
  proofOf,
  proofWouldHold,
  signupProof,
  signupProofHold,
  signupProofSpentWhenChecked,
  type ProofClaim,
} from "@/lib/challenge/altcha";
import {
  addWaitlistEntry,
  WAITLIST_BUSY_MESSAGE,
  WAITLIST_RATE_LIMIT,
  WAITLIST_RATE_LIMIT_MESSAGE,
  WAITLIST_SUCCESS_MESSAGE,
} from "@/lib/data/waitlist/signups";
import { invalidInputCode, isConnectionError } from "@/lib/db/errors";
import { env } from "@/lib/env";
import {
  clientIp,
  HttpError,
  json,
  methodNotAllowed,
  parseWith,
  readForm,
  readJson,
  route,
  seeOther,
  wantsPage,
} from "@/lib/http";
import { clientNetworkKey } from "@/lib/ip-address";
import { sendSoon } from "@/lib/jobs/send-soon";
import { clientRateKey, enforceRateLimits } from "@/lib/rate-limit";
import type { ProofFailure } from "@/lib/validation/challenge";
import { waitlistSignupSchema } from "@/lib/validation/disposable-email";
import { WAITLIST_HONEYPOT_FIELD } from "@/lib/validation/waitlist";
import {
  DRAFT_COOKIE,
  encodeDraft,
  encodeThanks,
  entriesOfForm,
  pageCookie,
  referralOfForm,
  referralOfReferer,
  signupBodyOfForm,
  THANKS_COOKIE,
  WAITLIST_JOIN_PATH,
  WAITLIST_THANKS_PATH,
  type WaitlistFormProblem,
} from "@/lib/waitlist-form-post";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 10_240;

function honeypotFilled(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const value = (body as Record<string, unknown>)[WAITLIST_HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value === "string" ? value.trim() !== "" : true;
}

// Every accepted body gets this same answer (first signup, repeat signup, held signup, honeypot), so the
// response never tells anyone whether an email is already on the list, or that a signup was held.
const accepted = () => json({ message: WAITLIST_SUCCESS_MESSAGE }, { status: 201 });

/**
 * What a signup did, for the plain form's thank-you page: `held` when it was kept for review with nothing sent
 * (no valid proof of work), whether or not the address was on the list already, so the page tells nobody that.
 */
type SignupOutcome = { held: boolean };

/**
 * The one signup path, whichever way the body came: schema, honeypot, limits, then the entry and its email.
 * `settleProof` uses the proof up before the entry is written (one more round trip), so that a replayed proof
 * is known here to have held the signup; the JSON path leaves that to the signup's own database call.
 */
async function signUp(
  request: Request,
  body: unknown,
  { settleProof = false }: { settleProof?: boolean } = {},
): Promise<SignupOutcome> {
  const signup = parseWith(waitlistSignupSchema, body);
  // Bots are not told they were caught, and cost no database write: they get the outcome a real one would.
  if (honeypotFilled(body)) return { held: await proofWouldHold(proofOf(body)) };
  const ip = clientIp(request);
  // A client whose address cannot be known has only the site-wide backstop to count against; one over its own
  // limit is refused before it counts against everybody's.
  const limits = {
    rules: [
      ...(ip ? [{ key: `waitlist:ip:${clientRateKey(ip)}`, ...WAITLIST_RATE_LIMIT }] : []),
      {
        key: "waitlist:all",
        limit: env().WAITLIST_SIGNUPS_PER_MINUTE,
        windowMs: 60_000,
        message: WAITLIST_BUSY_MESSAGE,
      },
    ],
    message: WAITLIST_RATE_LIMIT_MESSAGE,
  };
  // Where the proof is used up before the signup (the plain form's path, which must know whether a replay held
  // the signup, or a challenge that is required), the limits come first, so a refused body costs no proof.
  // Otherwise checking the proof is no database work, and the limits are counted in the signup's own statement.
  const limitsFirst = settleProof || signupProofSpentWhenChecked();
  let proof: { heldReason: ProofFailure | null; claim?: ProofClaim };
  if (limitsFirst) {
    await enforceRateLimits(limits.rules, limits.message);
    proof = settleProof ? { heldReason: await signupProofHold(proofOf(body)) } : await signupProof(proofOf(body));
  } else {
    proof = await signupProof(proofOf(body));
  }
  // A first signup, or a repeat one that may send a new confirmation: the answer is the same either way, and
  // the same again for a signup held for review. The client's network is kept to withhold referral credit
  // between neighbours (lib/data/waitlist/line.ts).
  sendSoon(
    await addWaitlistEntry(signup, new Date(), {
      signupNetwork: ip ? clientNetworkKey(ip) : null,
      heldReason: proof.heldReason,
      proof: proof.claim,
      // Matched to the visit the landing page's beacon counted, if it sent one (lib/visits/count.ts).
      visitor: { address: ip, userAgent: request.headers.get("user-agent")?.trim() ?? "" },
      limits: limitsFirst ? undefined : limits,
    }),
  );
  return { held: proof.heldReason !== null };
}

function isFormPost(request: Request): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(
    (request.headers.get("content-type") ?? "").trim(),
  );
}

/**
 * The form as a browser without scripts posts it. A JSON body can only come from a page of ours (another
 * site's page cannot send one without asking first), but a form can be posted from anywhere: so it must come
 * from this site. A browser is sent on to a page, never shown JSON: the thank-you page, the same for every
 * accepted post, or the form again with its messages and the entries kept. A script that posts a form gets
 * the JSON API's answers.
 */
async function formPost(request: Request): Promise<Response> {
  requireSameOrigin(request);
  const secure = isSecureRequest(request);
  const fields = await readForm(request, { maxBytes: MAX_BODY_BYTES });
  const body = signupBodyOfForm(fields);
  // The hidden field is filled by script only: without one, the personal link is read from the page posted from.
  const refererCode = body.ref ? undefined : referralOfReferer(request, requestHost(request));
  if (refererCode) body.ref = refererCode;
  if (!wantsPage(request)) {
    await signUp(request, body);
    return accepted();
  }
  let outcome: SignupOutcome;
  try {
    outcome = await signUp(request, body, { settleProof: true });
  } catch (error) {
    const draft = encodeDraft({
      entries: entriesOfForm(fields),
      ref: referralOfForm(fields) ?? refererCode,
      ...formProblem(error),
    });
    const back = seeOther(WAITLIST_JOIN_PATH);
    back.headers.append("Set-Cookie", pageCookie(DRAFT_COOKIE, draft, WAITLIST_JOIN_PATH, { secure }));
    return back;
  }
  const thanks = seeOther(WAITLIST_THANKS_PATH);
  // Only the page that says what happens next reads the address, and whether the signup was held for review
  // (which a honeypot post gets as a real one would, and a repeat signup as a first one).
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  thanks.headers.append(
    "Set-Cookie",
    pageCookie(THANKS_COOKIE, encodeThanks({ email, held: outcome.held }), WAITLIST_THANKS_PATH, { secure }),
  );
  thanks.headers.append("Set-Cookie", pageCookie(DRAFT_COOKIE, "", WAITLIST_JOIN_PATH, { secure, maxAge: 0 }));
  return thanks;
}

/** What the form says about a refused post besides its field errors (which the join page works out itself). */
function formProblem(error: unknown): { problem?: WaitlistFormProblem } {
  if (error instanceof HttpError && error.status === 400 && error.extra.errors) return {};
  if (error instanceof HttpError && error.status === 429)
    return { problem: error.message === WAITLIST_BUSY_MESSAGE ? "busy" : "rate-limit" };
  if (isConnectionError(error)) return { problem: "database" };
  // A value the database refuses is the visitor's (said on the form); anything else is a fault of ours, logged.
  if (!(error instanceof HttpError) && !invalidInputCode(error))
    console.error("[api] unexpected error in a waiting list form post:", error);
  return { problem: "failed" };
}

export const POST = route(async (request) => {
  if (isFormPost(request)) return formPost(request);
  const body = await readJson(request, { maxBytes: MAX_BODY_BYTES });
  await signUp(request, body);
  return accepted();
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
