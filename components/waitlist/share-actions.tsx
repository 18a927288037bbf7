"use client";

import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { emailLinkCopy } from "@/content/email-links";

const copy = emailLinkCopy.status;

/**
 * What scripts add to the status page's share links: Copy link (said politely to screen readers), and the
 * browser's own share sheet where it has one. No third-party script: the other ways to share are plain links
 * the server drew.
 */
export function ShareActions({ url, text }: { url: string; text: string }) {
  const [message, setMessage] = useState("");
  const [canShare, setCanShare] = useState(false);

  useEffect(() => {
    // Known only in the browser: the server draws the page without the button, and this adds it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- what the browser offers is read once, after hydration
    setCanShare(typeof navigator.share === "function");
  }, []);

  async function copyLink() {
    // Emptied first, so a second copy is announced again rather than left as the same words.
    setMessage("");
    let said: string;
    try {
      await navigator.clipboard.writeText(url);
      said = copy.copied;
    } catch {
      said = copy.copyFailed;
    }
    requestAnimationFrame(() => setMessage(said));
  }

  async function share() {
    try {
      await navigator.share({ url, text });
    } catch {
      // Closing the share sheet is not an error worth telling anyone about.
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap justify-center gap-2">
        <Button type="button" onClick={() => void copyLink()}>
          {copy.copy}
        </Button>
        {canShare ? (
          <Button type="button" variant="outline" onClick={() => void share()}>
            {copy.shareSheet}
          </Button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-muted-foreground">
        {message}
      </p>
    </div>
  );
}
