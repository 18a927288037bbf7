/**
 * What each model the live demo may use costs, in billionths of a US dollar per token (OpenAI's published list
 * prices per million tokens, times 1,000): the one place a price is written. Integers, so a day's spend is
 * summed exactly in the database. A model missing here is never called: its worst case could not be reserved.
 */
export const MODEL_PRICES: Readonly<Record<string, { inputNanos: number; outputNanos: number }>> = {
  // The default: the cheapest OpenAI model with strict structured outputs ($0.15 in, $0.60 out per million).
  "gpt-4o-mini": { inputNanos: 150, outputNanos: 600 },
  "gpt-4.1-nano": { inputNanos: 100, outputNanos: 400 },
  "gpt-4.1-mini": { inputNanos: 400, outputNanos: 1_600 },
  "gpt-5-nano": { inputNanos: 50, outputNanos: 400 },
  "gpt-5-mini": { inputNanos: 250, outputNanos: 2_000 },
};

/** Billionths of a dollar in one dollar. */
export const NANOS_PER_USD = 1_000_000_000;

/** A model's price, for its name or a dated snapshot of it (gpt-4o-mini-2024-07-18); null when unknown. */
export function modelPrice(model: string): { inputNanos: number; outputNanos: number } | null {
  const exact = MODEL_PRICES[model];
  if (exact) return exact;
  const snapshot = /^(.+)-\d{4}-\d{2}-\d{2}$/.exec(model)?.[1];
  return (snapshot && MODEL_PRICES[snapshot]) || null;
}

/** The cost of a call in billionths of a dollar. */
export function costNanos(price: { inputNanos: number; outputNanos: number }, input: number, output: number): number {
  return price.inputNanos * input + price.outputNanos * output;
}
