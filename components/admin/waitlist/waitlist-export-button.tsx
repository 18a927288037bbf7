"use client";

import { DownloadIcon, Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { LOGIN_PATH } from "@/lib/admin-paths";
import { adminApi } from "@/lib/api";
import { cn } from "@/lib/utils";
import { WAITLIST_EXPORT_FILE_NAME, waitlistViewSearch, type WaitlistViewState } from "@/lib/validation/waitlist-query";

/** The export URL of the list's search, filter and order (every page), with the team's notes when asked. */
export function waitlistExportUrl(view: WaitlistViewState, options: { notes?: boolean } = {}): string {
  const search = waitlistViewSearch({ ...view, page: 1 }, options.notes ? { notes: "yes" } : {});
  return adminApi.waitlist.exportHref(search);
}

/** Hands a URL to the browser's own downloader, which writes the file to disk as it arrives. */
function download(url: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = WAITLIST_EXPORT_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

interface WaitlistExportButtonProps {
  /** The list's search, filter and order: the export holds the same entries. */
  view: WaitlistViewState;
  /** The list is still loading. */
  loading?: boolean;
  /** The list (with this search) has no entries. */
  empty: boolean;
}

/**
 * 'Export as CSV': disabled while the list loads, while exporting ('Exporting...'), or when the list is
 * empty. The server is asked first whether it would accept the export (HEAD: session, limit), so a
 * refusal becomes a toast; then the browser downloads the file itself, streaming it to disk rather than
 * holding a million rows in the tab.
 */
export function WaitlistExportButton({ view, loading = false, empty }: WaitlistExportButtonProps) {
  const router = useRouter();
  const notesId = useId();
  const [exporting, setExporting] = useState(false);
  // The team's notes stay out of the file unless ticked, each time the page is opened.
  const [notes, setNotes] = useState(false);

  async function exportCsv() {
    if (empty) {
      toast("No data to export", { description: "There are no waitlist entries to export." });
      return;
    }
    setExporting(true);
    try {
      const url = waitlistExportUrl(view, { notes });
      const response = await fetch(url, { method: "HEAD", credentials: "include" });
      if (response.status === 401) {
        router.replace(LOGIN_PATH);
        return;
      }
      if (!response.ok) {
        toast.error("Export failed", { description: "Failed to export waitlist data" });
        return;
      }
      download(url);
      toast.success("Export successful", { description: "Waitlist data has been exported as CSV." });
    } catch {
      toast.error("Export failed", { description: "An error occurred during export." });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex items-center gap-2">
        <Checkbox id={notesId} checked={notes} onCheckedChange={(checked) => setNotes(checked === true)} />
        <Label htmlFor={notesId} className="font-normal">
          Include notes
        </Label>
      </div>
      <Button
        variant="outline"
        // While exporting the button stays focusable (aria-disabled), so keyboard focus is not lost.
        disabled={!exporting && (loading || empty)}
        aria-disabled={exporting || undefined}
        className={cn(exporting && "cursor-wait opacity-60")}
        onClick={() => {
          if (!exporting) void exportCsv();
        }}
      >
        {exporting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
        {exporting ? "Exporting..." : "Export as CSV"}
      </Button>
    </div>
  );
}
