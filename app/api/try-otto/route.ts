import { TRY_OTTO_FALLBACK_NOTICES } from "@/content/demo/try-otto";
import { requireSameOrigin } from "@/lib/auth/guard";
import { tryOttoSwitchedOn } from "@/lib/data/try-otto";
import { clientIp, HttpError, json, methodNotAllowed, parseWith, readJson, route } from "@/lib/http";
import { answerTryOtto } from "@/lib/try-otto/answer";
import { readTryOttoConfig } from "@/lib/try-otto/config";
import type { TryOttoEvent } from "@/lib/try-otto/events";
import { closestScriptedAnswer } from "@/lib/try-otto/fallback";
import { tryOttoRequestSchema } from "@/lib/validation/try-otto";

export const dynamic = "force-dynamic";

const NOT_AVAILABLE_MESSAGE = "The live demo is not available.";

/** Whether the live demo is on: the landing page, built once for every server, asks before showing its section. */
export const GET = route(async () => {
  const enabled = readTryOttoConfig() !== null && (await tryOttoSwitchedOn());
  return json({ enabled }, { headers: { "Cache-Control": "no-store" } });
});

/**
 * One turn of the live demo, answered as a stream of JSON lines (lib/try-otto/events.ts). Public, so guarded
 * against becoming a free proxy to a paid API: same-origin only, JSON only (a cross-site form cannot send it
 * without a preflight this route never grants), and every gate in lib/try-otto/answer.ts before any call.
 */
export const POST = route(async (request) => {
  requireSameOrigin(request);
  const config = readTryOttoConfig();
  if (!config) throw new HttpError(404, NOT_AVAILABLE_MESSAGE);
  const body = parseWith(tryOttoRequestSchema, await readJson(request, { maxBytes: 8_192 }));
  const ip = clientIp(request);

  const encoder = new TextEncoder();
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let answered = false;
      // A visitor who leaves mid-answer closes the stream: the answer still runs to its end, so the call is settled.
      const emit = (event: TryOttoEvent) => {
        if (event.type === "final") answered = true;
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          open = false;
        }
      };
      try {
        await answerTryOtto({ config, request: body, ip, emit });
      } catch (error) {
        // The visitor still gets an answer (the scripted one), never an error page; the operator gets the log line.
        console.error("[try-otto] answering failed:", error instanceof Error ? error.message : error);
        if (!answered) {
          const scripted = closestScriptedAnswer(body.message);
          emit({ type: "final", ...scripted, notice: TRY_OTTO_FALLBACK_NOTICES.failed });
        }
        emit({ type: "done", conversation: null, turnsLeft: 0 });
      }
      if (open) controller.close();
    },
    cancel() {
      open = false;
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

const notAllowed = methodNotAllowed(["GET", "POST"]);
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
