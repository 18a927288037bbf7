"use client";

import { useRef, useState } from "react";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { siteConfig } from "@/config/site";

/** The codes as a file or a printout carries them: what they are, then one a line. */
function codesText(codes: string[]): string {
  return [
    `${siteConfig.name} admin recovery codes`,
    "Each signs you in once if you lose your passkey or phone. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** Copy, Download (.txt) and Print: ways to keep the codes that do not depend on reading them off the screen. */
function KeepCodes({ codes }: { codes: string[] }) {
  const [said, setSaid] = useState("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setSaid("The codes are copied.");
    } catch {
      setSaid("Could not copy: select the codes and copy them, or download them instead.");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${siteConfig.name.toLowerCase()}-recovery-codes.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
    setSaid("The codes are downloaded as a text file.");
  }

  // Printed from a frame of their own, so the page around the dialog is not printed with them.
  function print() {
    const frame = document.createElement("iframe");
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.style.cssText = "position:fixed;width:0;height:0;border:0;";
    const lines = codesText(codes)
      .split("\n")
      .map((line) => line.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`));
    frame.srcdoc = `<!doctype html><title>Recovery codes</title><pre style="font:16px/1.8 monospace">${lines.join("\n")}</pre>`;
    frame.onload = () => {
      frame.contentWindow?.print();
      setTimeout(() => frame.remove(), 60_000);
    };
    document.body.append(frame);
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          Download (.txt)
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={print}>
          Print
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-muted-foreground">
        {said}
      </p>
    </div>
  );
}

/** Ten new recovery codes, shown once: the only time they can be read. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <h3 id="recovery-codes-title" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        Keep these somewhere safe, such as a password manager or on paper. If you lose your passkey or phone, each code
        signs you in once. They are shown only now.
      </p>
      <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:w-fit">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <KeepCodes codes={codes} />
    </section>
  );
}

const NOT_SAVED = "Tick \u201cI've saved them\u201d first: these codes are not shown again.";

/**
 * New recovery codes in a dialog, where the admin is looking, which closes only once they say they have saved
 * them: Escape, a click outside and Done all ask for that first.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const [saved, setSaved] = useState(false);
  const [refusal, setRefusal] = useState("");
  const checkbox = useRef<HTMLButtonElement>(null);

  function close() {
    if (!saved) {
      setRefusal(NOT_SAVED);
      checkbox.current?.focus();
      return;
    }
    setSaved(false);
    setRefusal("");
    onClose();
  }

  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        onEscapeKeyDown={(event) => {
          if (!saved) {
            event.preventDefault();
            close();
          }
        }}
        onInteractOutside={(event) => {
          if (!saved) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>Save your recovery codes</DialogTitle>
          <DialogDescription>
            If you lose your passkey or phone, each code signs you in once. They are shown only now.
          </DialogDescription>
        </DialogHeader>
        <ol data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:w-fit">
          {(codes ?? []).map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <KeepCodes codes={codes ?? []} />
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <Checkbox
              ref={checkbox}
              id="recovery-codes-saved"
              checked={saved}
              aria-describedby="recovery-codes-saved-error"
              aria-invalid={refusal && !saved ? true : undefined}
              onCheckedChange={(checked) => {
                setSaved(checked === true);
                if (checked === true) setRefusal("");
              }}
            />
            <Label htmlFor="recovery-codes-saved">I&apos;ve saved them</Label>
          </div>
          <p id="recovery-codes-saved-error" aria-live="polite" className="min-h-5 text-sm text-destructive">
            {refusal}
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={close}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
