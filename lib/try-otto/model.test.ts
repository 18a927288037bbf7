import { clipReply, maxInputTokens, partialReply, readAnswer, tryOttoMessages } from "@/lib/try-otto/model";
import { MAX_REPLY_CHARS } from "@/lib/try-otto/prompt";
import { TRY_OTTO_RESPONSE_SCHEMA } from "@/lib/try-otto/schema";

type Node = Record<string, unknown>;

/** Every object schema in a JSON schema. */
function objects(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) node.forEach((child) => objects(child, found));
  else if (node && typeof node === "object") {
    if ((node as Node).type === "object") found.push(node as Node);
    Object.values(node).forEach((child) => objects(child, found));
  }
  return found;
}

describe("the live demo's model answer", () => {
  it("asks for a schema OpenAI's strict mode accepts: every object closed, every key required, no oneOf", () => {
    const all = objects(TRY_OTTO_RESPONSE_SCHEMA);
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const object of all) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required as string[])].sort()).toEqual(Object.keys(object.properties as Node).sort());
    }
    const text = JSON.stringify(TRY_OTTO_RESPONSE_SCHEMA);
    for (const keyword of ["oneOf", "maxLength", "$schema", "pattern"]) expect(text).not.toContain(`"${keyword}"`);
    const cards = (TRY_OTTO_RESPONSE_SCHEMA.properties as Node).card as { anyOf: Node[] };
    expect(cards.anyOf).toHaveLength(7);
    expect(Object.keys(TRY_OTTO_RESPONSE_SCHEMA.properties as Node)).toEqual(["offTopic", "reply", "card"]);
  });

  it("reads the reply out of unfinished JSON as it streams, escapes and all", () => {
    expect(partialReply('{"offTopic": false, "rep')).toBeNull();
    expect(partialReply('{"offTopic":false,"reply":"Here\\u0027s a \\"quote')).toEqual({
      offTopic: false,
      reply: "Here's a \"quote",
    });
    expect(partialReply('{"offTopic":false,"reply":"line\\')).toEqual({ offTopic: false, reply: "line" });
    expect(partialReply('{"offTopic":true,"reply":"Paris", "card": null}')).toEqual({ offTopic: true, reply: "Paris" });
  });

  it("keeps the reply and drops a card that breaks its schema", () => {
    const good = {
      kind: "customer",
      name: "Ann",
      email: "ann@example.com",
      phone: "07700 900123",
      address: "1 High St",
      type: "residential",
    };
    expect(readAnswer(JSON.stringify({ offTopic: false, reply: "Done.", card: good }))).toEqual({
      reply: "Done.",
      offTopic: false,
      card: good,
    });
    expect(
      readAnswer(JSON.stringify({ offTopic: false, reply: "Done.", card: { ...good, email: "not an address" } })),
    ).toEqual({
      reply: "Done.",
      offTopic: false,
      card: null,
    });
    expect(
      readAnswer(JSON.stringify({ offTopic: false, reply: "Done.", card: { ...good, extra: 1 } }))?.card,
    ).toBeNull();
    expect(readAnswer("not json")).toBeNull();
    expect(readAnswer(JSON.stringify({ reply: "no offTopic" }))).toBeNull();
  });

  it("clips a long reply at a word", () => {
    const clipped = clipReply("word ".repeat(400));
    expect(clipped.length).toBeLessThanOrEqual(MAX_REPLY_CHARS);
    expect(clipped.endsWith("word…")).toBe(true);
  });

  it("bounds the input tokens by the bytes sent, so a reservation covers any tokeniser's count", () => {
    const messages = tryOttoMessages("2026-03-10", [], "é".repeat(300));
    const bytes = messages.reduce((sum, message) => sum + Buffer.byteLength(message.content), 0);
    expect(maxInputTokens(messages)).toBeGreaterThan(
      bytes + Buffer.byteLength(JSON.stringify(TRY_OTTO_RESPONSE_SCHEMA)),
    );
  });
});
