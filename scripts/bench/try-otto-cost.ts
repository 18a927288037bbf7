// Prints, as JSON, what the live demo reserves for one call with the request given as the first argument (its
// worst case, in billionths of a dollar) and the model it prices: for the try-otto bench, which sets the day's
// budget in worst-case calls. Run with tsx --conditions=react-server (lib/try-otto is server-only).
import { readTryOttoConfig } from "@/lib/try-otto/config";
import { MAX_OUTPUT_TOKENS, maxInputTokens, tryOttoMessages } from "@/lib/try-otto/model";
import { costNanos, modelPrice } from "@/lib/try-otto/prices";

const message = process.argv[2] ?? "";
const day = new Date().toISOString().slice(0, 10);
const model = readTryOttoConfig()?.ai.model ?? "gpt-4o-mini";
const price = modelPrice(model);
if (!price) throw new Error(`no price for ${model}`);
const messages = tryOttoMessages(day, [], message);
console.log(
  JSON.stringify({
    model,
    price,
    worstCaseNanos: costNanos(price, maxInputTokens(messages), MAX_OUTPUT_TOKENS),
    maxInputTokens: maxInputTokens(messages),
    maxOutputTokens: MAX_OUTPUT_TOKENS,
  }),
);
