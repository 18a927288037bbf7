import { z } from "zod";

import { waitlistSchema } from "@/lib/validation/waitlist";

describe("the shared zod setup", () => {
  it("turns off zod's eval-based JIT before any schema is built, so the browser's CSP reports nothing", () => {
    expect(waitlistSchema).toBeDefined();
    expect(z.config().jitless).toBe(true);
  });
});
