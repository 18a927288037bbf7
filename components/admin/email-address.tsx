import { Fragment } from "react";

/**
 * Where an address may wrap: after its @ and before each dot, so a narrow column shows "rosa.nowak53@" over
 * "example.com" rather than "example.c" over "om". The pieces keep every character, in order.
 */
export function emailAddressParts(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter((part) => part !== "");
}

/**
 * An email address that wraps only at its @ or dots (a <wbr> at each), never inside a word: each piece is kept
 * whole, even at a hyphen ("longdomain-example"), so a table column grows to the longest piece instead.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const parts = emailAddressParts(address);
  return (
    <span data-email-address="" className={className}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
