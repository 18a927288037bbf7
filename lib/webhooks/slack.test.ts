import type { WebhookEvent } from "@/lib/webhooks/deliveries";
import { isSlackUrl, slackMessage } from "@/lib/webhooks/slack";

const HOSTILE = "<!channel> <https://evil.example/login|Reset your Otto password>";

describe("Slack messages", () => {
  it("knows Slack's incoming-webhook URLs", () => {
    expect(isSlackUrl("https://hooks.slack.com/services/T000/B000/XXXX")).toBe(true);
    expect(isSlackUrl("https://example.com/hooks.slack.com")).toBe(false);
  });

  it("writes one line per event, with Slack's own escapes for & < >", () => {
    const entry = {
      id: 7,
      name: "Ann Smith",
      email: "ann@example.com",
      businessType: "car",
      employees: "2-5",
      source: "newsletter",
    };
    expect(slackMessage({ id: "x", type: "waitlist.signup", createdAt: "", data: { entry } })).toEqual({
      text: "New signup on the Otto waiting list: *Ann Smith* (ann@example.com), Car valeting &amp; detailing, team 2-5, source newsletter.",
    });
    // A visitor who chose Other: their own words after it, escaped like the rest.
    const other = { ...entry, businessType: "other", businessDescription: "Pets <&> photos" };
    expect(slackMessage({ id: "x", type: "waitlist.signup", createdAt: "", data: { entry: other } }).text).toContain(
      "(ann@example.com), Other: Pets &lt;&amp;&gt; photos, team 2-5",
    );
    expect(slackMessage({ id: "x", type: "waitlist.deleted", createdAt: "", data: { entry: { id: 7 } } }).text).toBe(
      "Entry 7 was deleted from the Otto waiting list.",
    );
  });

  it("says an import in one line, with its counts", () => {
    // An import's event carries its counts rather than an entry.
    const data = { added: 991, existing: 5, invalid: 3, suppressed: 1, stopped: false } as WebhookEvent["data"];
    expect(slackMessage({ id: "x", type: "waitlist.imported", createdAt: "", data }).text).toBe(
      "A list was imported into the Otto waiting list: 991 added, 5 already on the list, 3 invalid, 1 skipped (they had left).",
    );
  });

  it("never lets a signup's own words ping the channel or show a disguised link", () => {
    const entry = {
      id: 7,
      name: HOSTILE,
      email: "<@U123>@example.com",
      businessType: "<!here>",
      employees: "<#C1>",
      source: "<https://evil.example|newsletter>",
    };
    for (const type of ["waitlist.signup", "waitlist.confirmed", "waitlist.invited", "waitlist.accepted"]) {
      const { text } = slackMessage({ id: "x", type, createdAt: "", data: { entry } });
      // Slack reads a control sequence only between a real < and >: none may come from the entry.
      expect({ type, text }).toEqual({ type, text: expect.not.stringMatching(/[<>]/) });
      expect(text).toContain("&lt;!channel&gt; &lt;https://evil.example/login|Reset your Otto password&gt;");
    }
    expect(
      slackMessage({ id: "x", type: "webhook.test", createdAt: "", data: { message: "a & b <!everyone>" } }).text,
    ).toBe("a &amp; b &lt;!everyone&gt;");
  });
});
