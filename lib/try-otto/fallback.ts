import { quotes } from "@/content/demo/sample-data";
import { quickQuestions } from "@/content/demo/text-mode";
import { formatMoney } from "@/lib/demo/format";
import type { ShownCard } from "@/lib/try-otto/shown-card";

/** A scripted answer from the landing page's demos, given when the live model cannot be asked or did not answer. */
export interface ScriptedAnswer {
  reply: string;
  card: ShownCard;
}

const quote = quotes.sarahValet;

// The demos' answers, each with the words that point to it; the first whose words the request holds wins.
const ANSWERS: readonly { words: RegExp; answer: () => ScriptedAnswer }[] = [
  {
    words: /\b(quote|quotes|estimate|price up|pricing)\b/i,
    answer: () => ({
      reply: `Here's ${quote.id} for ${formatMoney(quote.total)}, from the demo's car valeting business.`,
      card: { slot: "document", document: { type: "quote", quote } },
    }),
  },
  { words: /\b(overdue|remind|reminder|chase|late pay)/i, answer: () => scripted("overdue") },
  { words: /\b(invoice|invoices|bill|unpaid|paid)\b/i, answer: () => scripted("invoices") },
  { words: /\b(customer|client|account|contact)\b/i, answer: () => scripted("customer") },
  { words: /\b(book|booking|appointment|next job)\b/i, answer: () => scripted("booking") },
  { words: /\b(schedule|today|jobs|diary|calendar|week)\b/i, answer: () => scripted("schedule") },
];

function scripted(id: string): ScriptedAnswer {
  const question = quickQuestions.find((entry) => entry.id === id) ?? quickQuestions[0]!;
  return { reply: question.reply, card: { slot: "card", card: question.card } };
}

/** The scripted demo's closest answer to a request: by its words, else the "what I can help with" card. */
export function closestScriptedAnswer(message: string): ScriptedAnswer {
  for (const entry of ANSWERS) if (entry.words.test(message)) return entry.answer();
  return scripted("help");
}
