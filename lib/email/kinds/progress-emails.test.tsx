import { renderEmail } from "@/lib/email/render";

// The "You're confirmed" and "friends joined" emails as they are sent: the place, how far the person has come,
// and the personal link with plain ways to share it that work in any mail client.

const referralUrl = "https://otto.example/?ref=abcdefgh";
const referral = {
  day: "2026-12-09",
  name: "Ann Smith",
  friends: 2,
  place: 5,
  upFrom: 13,
  referralUrl,
  statusUrl: "https://otto.example/waitlist/status?token=t",
  leaveUrl: "https://otto.example/waitlist/leave?token=l",
};

describe("the emails that tell a person their progress", () => {
  it("the “You're confirmed” email states the place the confirmation gave", async () => {
    const { html, text } = await renderEmail("confirmed", {
      name: "Ann Smith",
      place: 1234,
      statusUrl: "https://otto.example/waitlist/status?token=t",
      leaveUrl: "https://otto.example/waitlist/leave?token=l",
    });
    expect(text).toContain("You're #1,234 on the Otto waiting list.");
    expect(html).toContain("You&#x27;re #1,234 on the Otto waiting list.");
    // Queued before the place was written in: it still goes, without a place.
    const { text: without } = await renderEmail("confirmed", {
      name: "Ann Smith",
      statusUrl: "https://otto.example/waitlist/status?token=t",
      leaveUrl: "https://otto.example/waitlist/leave?token=l",
    });
    expect(without).not.toContain("You're #");
  });

  it("the “friends joined” email says how far they came and carries the personal link with plain share links", async () => {
    const { html, text } = await renderEmail("referral", referral);
    expect(text).toContain(
      "2 friends who joined through your link are credited; you're now #5 on the Otto waiting list, up from #13 when you confirmed.",
    );
    expect(text).toContain(referralUrl);
    // As the HTML writes it: its one apostrophe escaped.
    const message = encodeURIComponent(
      `I've joined the Otto waiting list: an AI assistant for small service businesses. Join through my link: ${referralUrl}`,
    ).replace("'", "&#x27;");
    expect(html).toContain(`href="https://wa.me/?text=${message}"`);
    expect(html).toContain(`href="https://x.com/intent/post?text=${message}"`);
    expect(html).toMatch(/href="mailto:\?subject=[^"]+&amp;body=[^"]+"/);
    // Nothing a mail client would block: no script, and no image beyond the one every email has.
    expect(html).not.toMatch(/<script/i);
    const { html: plain } = await renderEmail("confirmed", {
      name: "Ann Smith",
      statusUrl: referral.statusUrl,
      leaveUrl: referral.leaveUrl,
    });
    expect(html.match(/<img/g)?.length).toBe(plain.match(/<img/g)?.length);
  });

  it("says no “up from” when the place has not improved, and no link when an older email had none", async () => {
    const same = await renderEmail("referral", { ...referral, upFrom: 5 });
    expect(same.text).toContain("you're now #5 on the Otto waiting list.");
    expect(same.text).not.toContain("up from");
    const { upFrom: _upFrom, referralUrl: _url, ...older } = referral;
    const old = await renderEmail("referral", older);
    expect(old.text).toContain("you're now #5 on the Otto waiting list.");
    expect(old.html).not.toContain("wa.me");
  });
});
