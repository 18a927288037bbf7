import { DEFAULT_CALL_MINUTES, DEFAULT_LOGIN_WITHIN, siteConfig } from "@/config/site";
import { earlyAccessNextSteps, emailLinkCopy, emailQuestionsLine, WRITE_TO_US } from "@/content/email-links";

describe("the welcome page's promises", () => {
  it("come from the configuration, so they say what the team will really do", () => {
    const { loginWithin, callMinutes } = siteConfig.earlyAccess;
    const [login, call] = emailLinkCopy.accept.nextSteps;
    expect(login).toContain(`Within ${loginWithin} `);
    expect(call).toContain(`${callMinutes} minutes`);
  });

  it("follow other settings, and promise no call when there is none", () => {
    const steps = earlyAccessNextSteps({ loginWithin: "two working days", callMinutes: 30 }, "Otto");
    expect(steps[0]).toBe("Within two working days we'll email you your Otto login.");
    expect(steps[1]).toContain("(30 minutes)");
    const noCall = earlyAccessNextSteps({ loginWithin: DEFAULT_LOGIN_WITHIN, callMinutes: 0 }, "Otto");
    expect(noCall.join(" ")).not.toMatch(/call/i);
  });

  it("read the environment when it sets them, and fall back on the defaults for a value it cannot use", () => {
    const read = (values: Record<string, string>) => {
      const saved = { ...process.env };
      Object.assign(process.env, values);
      try {
        let config: typeof siteConfig | undefined;
        jest.isolateModules(() => {
          config = (jest.requireActual("@/config/site") as { siteConfig: typeof siteConfig }).siteConfig;
        });
        return config!.earlyAccess;
      } finally {
        process.env = saved;
      }
    };
    expect(read({ EARLY_ACCESS_LOGIN_WITHIN: "48 hours", EARLY_ACCESS_CALL_MINUTES: "0" })).toEqual({
      loginWithin: "48 hours",
      callMinutes: 0,
    });
    expect(read({ EARLY_ACCESS_LOGIN_WITHIN: " ", EARLY_ACCESS_CALL_MINUTES: "soon" })).toEqual({
      loginWithin: DEFAULT_LOGIN_WITHIN,
      callMinutes: DEFAULT_CALL_MINUTES,
    });
  });
});

describe("how people are told to reach the team", () => {
  const replies = { ...WRITE_TO_US, replies: true };

  it("offers replying only when replies reach someone, and otherwise names the address to write to", () => {
    const noCall = { loginWithin: DEFAULT_LOGIN_WITHIN, callMinutes: 0 };
    expect(earlyAccessNextSteps(noCall, "Otto", replies)[1]).toContain("reply to that email");
    expect(earlyAccessNextSteps(noCall, "Otto", WRITE_TO_US)[1]).toContain(`write to ${siteConfig.privacy.email}`);
    expect(earlyAccessNextSteps(noCall, "Otto").join(" ")).not.toMatch(/reply/i);
    expect(emailLinkCopy.accept.invalidBody(replies)).toContain("reply to it");
    expect(emailLinkCopy.accept.invalidBody()).not.toMatch(/reply/i);
    expect(emailLinkCopy.accept.invalidBody()).toContain(siteConfig.privacy.email);
    expect(emailQuestionsLine(replies)).toBe("Questions? Just reply to this email.");
    expect(emailQuestionsLine(WRITE_TO_US)).toBe(`Questions? Write to us at ${siteConfig.privacy.email}.`);
  });
});
