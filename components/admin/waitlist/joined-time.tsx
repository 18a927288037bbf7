"use client";

import { format, formatDistanceToNow } from "date-fns";

import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { formatLongDate } from "@/lib/format";

/**
 * When an entry joined: the long date, and on hover or keyboard focus the time and how long ago, so a
 * day's signups can be told apart. Times are the admin's own (the browser's time zone).
 */
export function JoinedTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  const detail = `${format(date, "d MMMM yyyy 'at' HH:mm")} (${formatDistanceToNow(date, { addSuffix: true })})`;
  return (
    <TooltipProvider delayDuration={200}>
      <Tooltip>
        <TooltipTrigger asChild>
          {/* The look is .joined-time in globals.css: one class name on each of the list's rows. */}
          <time dateTime={iso} tabIndex={0} className="joined-time">
            {formatLongDate(iso)}
          </time>
        </TooltipTrigger>
        <TooltipContent>{detail}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
