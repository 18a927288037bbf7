import { Fragment } from "react";

import { cn } from "@/lib/utils";

/**
 * Where an address may wrap: after its @ and before each dot, so a narrow column shows "rosa.nowak53@" over
 * "example.com" rather than "example.c" over "om". The pieces keep every character, in order.
 */
export function emailAddressParts(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter((part) => part !== "");
}

/**
 * An email address that wraps at its @ or dots (a <wbr> at each), or after a hyphen as any text may, never
 * inside a word. A piece too long for a phone's card may still break as a last resort rather than spill over
 * the page (overflow-wrap: break-word, which, unlike "anywhere", does not let a table squeeze the column).
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const parts = emailAddressParts(address);
  return (
    <span data-email-address="" className={cn("break-normal [overflow-wrap:break-word]", className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
