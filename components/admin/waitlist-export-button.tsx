"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { DownloadIcon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";

import { markSignedOut } from "@/components/admin/session";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { waitlistViewSearch, type WaitlistSort } from "@/lib/validation/waitlist-query";

/** The file name the spec gives the download. */
export const EXPORT_FILE_NAME = "waitlist_entries.csv";

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Runs the CSV export of the current search and order, with the spec's toasts. */
function useWaitlistExport() {
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);

  async function exportCsv({ q, sort, empty }: { q: string; sort: WaitlistSort; empty: boolean }) {
    if (empty) {
      toast("No data to export", { description: "There are no waitlist entries to export." });
      return;
    }
    setExporting(true);
    try {
      const search = waitlistViewSearch({ q, sort, page: 1 });
      const response = await fetch(`/api/admin/waitlist/export${search ? `?${search}` : ""}`, { credentials: "include" });
      if (!response.ok) {
        if (response.status === 401) markSignedOut(queryClient);
        toast.error("Export failed", { description: "Failed to export waitlist data" });
        return;
      }
      saveBlob(await response.blob(), EXPORT_FILE_NAME);
      toast.success("Export successful", { description: "Waitlist data has been exported as CSV." });
    } catch {
      // Network failure, or the stream broke part-way (the server logs why).
      toast.error("Export failed", { description: "An error occurred during export." });
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}

interface WaitlistExportButtonProps {
  q: string;
  sort: WaitlistSort;
  /** The list is still loading. */
  loading: boolean;
  /** The list (with this search) has no entries. */
  empty: boolean;
}

/** 'Export as CSV': disabled while the list loads, while exporting ('Exporting...'), or when the list is empty. */
export function WaitlistExportButton({ q, sort, loading, empty }: WaitlistExportButtonProps) {
  const { exporting, exportCsv } = useWaitlistExport();
  return (
    <Button
      variant="outline"
      // While exporting the button stays focusable (aria-disabled), so keyboard focus is not lost.
      disabled={!exporting && (loading || empty)}
      aria-disabled={exporting || undefined}
      className={cn(exporting && "cursor-wait opacity-60")}
      onClick={() => {
        if (!exporting) void exportCsv({ q, sort, empty });
      }}
    >
      {exporting ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
      {exporting ? "Exporting..." : "Export as CSV"}
    </Button>
  );
}
