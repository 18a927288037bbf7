import { z } from "zod";

/** The largest browser error report taken: a name, a message, a stack cut short, and the page's path. */
export const BROWSER_ERROR_MAX_BYTES = 8 * 1024;

/**
 * A browser error report as the site's own pages send it (lib/errors/browser-reporter.ts): what was thrown
 * and on which page. The server scrubs and groups it like a server error.
 */
export const browserErrorSchema = z
  .object({
    name: z.string().trim().min(1, "Give the error's name").max(120),
    message: z.string().max(2_000, "The message is at most 2,000 characters"),
    stack: z.string().max(5_000, "The stack is at most 5,000 characters").optional(),
    path: z
      .string()
      .max(300)
      .regex(/^\/[^\s]*$/, "The page's path starts with /"),
  })
  .strict();

export type BrowserErrorReport = z.infer<typeof browserErrorSchema>;

/** What the Errors page's test errors say, so the owner tells them from real ones there and in the alert. */
export const TEST_SERVER_ERROR = "A test error, thrown on purpose from the Errors page";
export const TEST_BROWSER_ERROR = "A test browser error, thrown on purpose from the Errors page";
export const TEST_PAGE_ERROR = "A test page error, a page that fails on purpose from the Errors page";
