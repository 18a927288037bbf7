"use client";

import { useEffect } from "react";

/** Records where this visit came from (see lib/signup-source), once the page is interactive. */
export function SourceCapture() {
  useEffect(() => {
    void import("@/lib/signup-source").then(({ captureSignupSource }) =>
      captureSignupSource(window.location.href, document.referrer, window.sessionStorage),
    );
  }, []);
  return null;
}
