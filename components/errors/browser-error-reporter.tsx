"use client";

import { useEffect } from "react";

import { reportBrowserErrors } from "@/lib/errors/browser-reporter";

/** Reports this page's browser errors to the site (see lib/errors/browser-reporter.ts); renders nothing. */
export function BrowserErrorReporter() {
  useEffect(reportBrowserErrors, []);
  return null;
}
