import { securityNoticeSubject } from "@/lib/email/kinds/security-notice";
import { renderEmail } from "@/lib/email/render";

// The admin's notice of a change to how they sign in, as it is sent: its words, in HTML and plain text.

describe("the security notice email", () => {
  it("names the passkey added and when, and links to the admin's security settings", async () => {
    const { html, text } = await renderEmail("security-notice", {
      name: "Ada Lovelace",
      change: "passkey-added",
      subject: "Work laptop",
      at: "2026-11-27T07:30:00.000Z",
    });
    // The plain-text part writes the heading in capitals.
    expect(text).toContain("A PASSKEY WAS ADDED TO YOUR ACCOUNT.");
    expect(html).toContain("A passkey was added to your account.");
    expect(text).toContain('The passkey "Work laptop", on 27 Nov 2026');
    expect(text).toContain("Hello Ada Lovelace,");
    expect(html).toMatch(/href="[^"]*\/admin\/settings#security"/);
    // Sent whatever the admin's email settings, so the footer says why and points at security, not at settings.
    expect(text).toContain("the way you sign in to the Otto admin area changed");
    expect(text).toContain("Review your security settings");
    expect(text).not.toContain("Change your email settings");
  });

  it("says who reset the second factor and what went with it", async () => {
    const { text } = await renderEmail("security-notice", {
      name: "Ada Lovelace",
      change: "second-factor-reset",
      subject: "Grace Hopper",
      at: "2026-11-27T07:30:00.000Z",
    });
    expect(text).toContain("YOUR SECOND FACTOR WAS RESET.");
    expect(text).toContain("If you did not ask for this");
    expect(text).not.toContain("If this was you");
    expect(text).toContain("Grace Hopper removed your passkeys, authenticator app and recovery codes");
    expect(text).toContain("ended your sessions");
  });

  it("warns of failed second steps after a right password, and names the command for a business with one admin", async () => {
    const failures = await renderEmail("security-notice", {
      name: "Ada Lovelace",
      change: "second-step-failures",
      subject: "5",
      at: "2026-11-27T07:30:00.000Z",
    });
    expect(failures.text).toContain("5 sign-ins with your password failed at the second step");
    expect(failures.text).toContain("someone knows your password");
    const added = await renderEmail("security-notice", {
      name: "Ada Lovelace",
      change: "totp-added",
      at: "2026-11-27T07:30:00.000Z",
    });
    expect(added.text).toContain("npm run admin:reset-second-factor");
  });

  it("has a subject for each change that starts with the product's name", () => {
    expect(securityNoticeSubject("Otto", "recovery-code-used")).toBe(
      "Otto: A recovery code was used to sign in to your account",
    );
  });
});
