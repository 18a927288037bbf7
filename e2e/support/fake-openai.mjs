// A stand-in for the OpenAI chat completions API, for Jest and Playwright: no network, no cost.
// The bearer key picks the behaviour, so one server covers every case:
//   test-key, test-key-*       200 with a one-line completion
//   rate-limited-key           429 rate_limit_exceeded, Retry-After: 7
//   quota-key                  429 insufficient_quota (no Retry-After, like OpenAI)
//   server-error-key           500 server_error
//   hang-key                   accepts the request and never answers
//   anything else, or none     401 invalid_api_key, echoing the key as OpenAI does (tests check we redact it)
// A request in the live demo's shape (response_format json_schema "otto_answer") gets a scripted answer instead,
// picked by a marker in the visitor's last message (see TRY_OTTO_MARKERS), streamed when asked to stream; without a
// marker, a quote card with fixed figures (FAKE_QUOTE). GET /try-otto/calls says how many such requests came.
// Run it with `node e2e/support/fake-openai.mjs [port]` (or FAKE_OPENAI_PORT), or import startFakeOpenAI.
import http from "node:http";

export const FAKE_REPLY = "Hello from the fake OpenAI server.";

/** The live demo's default answer: a quote card with these figures. */
export const FAKE_QUOTE = {
  customerName: "Mrs Patel",
  items: [{ name: "Boiler service", description: "Annual service and safety check", price: 95, quantity: 1 }],
  notes: "Quoted by the fake model: valid for 14 days.",
};
export const FAKE_QUOTE_REPLY = "Here's a quote for Mrs Patel's boiler service: £95, valid for 14 days.";

/** Markers a test puts in the visitor's message to pick the fake's behaviour for the live demo. */
export const TRY_OTTO_MARKERS = {
  slow: "[slow]", // the quote, streamed over about 2.5 seconds
  serverError: "[500]", // a 500
  timeout: "[timeout]", // never answers
  invalidJson: "[invalid-json]", // a stream that is not JSON
  badCard: "[bad-card]", // a reply with a card that breaks its schema (a negative price, no notes)
  script: "[script]", // a reply carrying a <script> element
  offTopic: "[off-topic]", // judged off-topic
};
export const FAKE_SCRIPT_REPLY =
  'Done <script>window.__ottoInjected = true</script><img src=x onerror="window.__ottoInjected = true"> ok.';
export const FAKE_BAD_CARD_REPLY = "Here's that quote, though its card is broken.";

/**
 * @typedef {{ method: string, path: string, authorization: string | undefined, body: any }} RecordedRequest
 * @typedef {{ url: string, port: number, requests: RecordedRequest[], tryOttoCalls: () => number, close: () => Promise<void> }} FakeOpenAI
 */

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
function send(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** @param {string} message @param {string} type @param {string} code */
function openAIError(message, type, code) {
  return { error: { message, type, param: null, code } };
}

/** @param {http.IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** @param {string} model */
function completion(model) {
  return {
    id: `chatcmpl-fake${Date.now().toString(36)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: FAKE_REPLY, refusal: null },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The live demo's answer for a message, as the JSON text the model would write, or a status to fail with. */
function tryOttoAnswer(message) {
  const has = (marker) => message.includes(marker);
  if (has(TRY_OTTO_MARKERS.serverError)) return { status: 500 };
  if (has(TRY_OTTO_MARKERS.timeout)) return { status: 0 };
  if (has(TRY_OTTO_MARKERS.invalidJson)) return { text: '{"offTopic": false, "reply": "Sure, here you go}} not json' };
  const answer = (reply, card, offTopic = false) => ({ text: JSON.stringify({ offTopic, reply, card }) });
  if (has(TRY_OTTO_MARKERS.offTopic)) return answer("Paris is the capital of France.", null, true);
  if (has(TRY_OTTO_MARKERS.script)) return answer(FAKE_SCRIPT_REPLY, null);
  if (has(TRY_OTTO_MARKERS.badCard)) {
    return answer(FAKE_BAD_CARD_REPLY, {
      kind: "quote",
      customerName: "Mrs Patel",
      items: [{ name: "Boiler", description: "x", price: -5, quantity: 1 }],
    });
  }
  return {
    text: JSON.stringify({ offTopic: false, reply: FAKE_QUOTE_REPLY, card: { kind: "quote", ...FAKE_QUOTE } }),
    slow: has(TRY_OTTO_MARKERS.slow),
  };
}

/** @param {string} text */
const tokensOf = (text) => Math.max(1, Math.ceil(text.length / 4));

/** @param {http.ServerResponse} res @param {any} body @param {{ text: string, slow?: boolean }} answer */
async function sendTryOtto(res, body, answer) {
  const usage = {
    // About four characters a token, as English text runs; the schema counts, as it does at OpenAI.
    prompt_tokens: tokensOf(JSON.stringify(body.messages) + JSON.stringify(body.response_format)),
    completion_tokens: tokensOf(answer.text),
    total_tokens: 0,
  };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
  const base = { id: "chatcmpl-fake-try-otto", created: Math.floor(Date.now() / 1000), model: body.model };
  if (!body.stream) {
    return send(res, 200, {
      ...base,
      object: "chat.completion",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: answer.text, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage,
    });
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const chunk = (choices, extra = {}) =>
    res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices, ...extra })}\n\n`);
  const pieces = answer.text.match(/.{1,12}/gs) ?? [];
  for (const piece of pieces) {
    chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]);
    if (answer.slow) await sleep(2500 / pieces.length);
  }
  chunk([{ index: 0, delta: {}, finish_reason: "stop" }]);
  chunk([], { usage });
  res.end("data: [DONE]\n\n");
}

/**
 * Starts the fake on 127.0.0.1 (port 0 picks a free one). `url` is the base URL to give the SDK
 * (it ends in /v1); `requests` records every request, so tests can check what was sent.
 * @param {number} [port]
 * @returns {Promise<FakeOpenAI>}
 */
export async function startFakeOpenAI(port = 0) {
  /** @type {RecordedRequest[]} */
  const requests = [];
  let tryOttoCalls = 0;

  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const text = await readBody(req).catch(() => "");
    /** @type {any} */
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const authorization = req.headers.authorization;
    requests.push({ method: req.method ?? "GET", path, authorization, body });

    if (path === "/health" || path === "/") return send(res, 200, { ok: true });
    if (path === "/try-otto/calls") return send(res, 200, { calls: tryOttoCalls });
    if (req.method !== "POST" || !/^(\/v1)?\/chat\/completions$/.test(path)) {
      return send(
        res,
        404,
        openAIError(`Unknown request URL: ${req.method} ${path}.`, "invalid_request_error", "unknown_url"),
      );
    }

    const key = /^Bearer (.+)$/.exec(authorization ?? "")?.[1] ?? "";
    if (key === "hang-key") return; // never answers: the client's timeout must end it
    if (key === "rate-limited-key") {
      return send(
        res,
        429,
        openAIError("Rate limit reached for requests. Please try again in 7s.", "requests", "rate_limit_exceeded"),
        {
          "retry-after": "7",
        },
      );
    }
    if (key === "quota-key") {
      return send(
        res,
        429,
        openAIError(
          "You exceeded your current quota, please check your plan and billing details.",
          "insufficient_quota",
          "insufficient_quota",
        ),
      );
    }
    if (key === "server-error-key") {
      return send(
        res,
        500,
        openAIError("The server had an error while processing your request.", "server_error", "server_error"),
      );
    }
    if (key !== "test-key" && !key.startsWith("test-key-")) {
      return send(
        res,
        401,
        openAIError(
          `Incorrect API key provided: ${key || "(none)"}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          "invalid_request_error",
          "invalid_api_key",
        ),
      );
    }
    if (!body || typeof body !== "object" || !Array.isArray(body.messages) || typeof body.model !== "string") {
      return send(
        res,
        400,
        openAIError("'messages' and 'model' are required.", "invalid_request_error", "missing_required_parameter"),
      );
    }
    if (body.response_format?.json_schema?.name === "otto_answer") {
      tryOttoCalls += 1;
      const last = body.messages.at(-1);
      const answer = tryOttoAnswer(typeof last?.content === "string" ? last.content : "");
      if (answer.status === 0) return; // never answers: the caller's deadline must end it
      if (answer.status === 500) {
        return send(
          res,
          500,
          openAIError("The server had an error while processing your request.", "server_error", "server_error"),
        );
      }
      return sendTryOtto(res, body, answer);
    }
    return send(res, 200, completion(body.model));
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;

  return {
    url: `http://127.0.0.1:${boundPort}/v1`,
    port: boundPort,
    requests,
    tryOttoCalls: () => tryOttoCalls,
    close: () =>
      new Promise((resolve) => {
        // Hung requests would keep close() waiting for ever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run directly (Playwright's webServer): listen until killed.
if (process.argv[1]?.endsWith("fake-openai.mjs")) {
  const port = Number(process.argv[2] ?? process.env.FAKE_OPENAI_PORT ?? 3299);
  // No top-level await: Jest compiles this file to CommonJS.
  void startFakeOpenAI(port).then((fake) => {
    console.log(`[fake-openai] listening on ${fake.url}`);
    const stop = () => fake.close().then(() => process.exit(0));
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
}
