"use client";

import dynamic from "next/dynamic";

import { useLoadWhenNear } from "@/components/landing/use-load-when-near";
import { WaitlistCountLine } from "@/components/waitlist/waitlist-count-line";

// The count needs react-query: it loads, and asks for the count, when the section comes near the viewport, as
// the form does. Until then the line reads "Many businesses ...", as it does while the count loads.
const WaitlistCount = dynamic(
  () => import("@/components/waitlist/waitlist-count").then((mod) => mod.WaitlistCountWithQuery),
  { ssr: false, loading: () => <WaitlistCountLine /> },
);

/** The waiting list count as a lazy island. */
export function WaitlistCountIsland() {
  const [ref, load] = useLoadWhenNear<HTMLDivElement>("600px 0px");
  return <div ref={ref}>{load ? <WaitlistCount /> : <WaitlistCountLine />}</div>;
}
