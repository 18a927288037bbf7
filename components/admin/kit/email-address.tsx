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
 * the page (overflow-wrap: break-word, which, unlike "anywhere", does not let a table squeeze the column): the
 * [data-email-address] rule in globals.css, as the admin list shows dozens of addresses a page.
 */
export function EmailAddress({
  address,
  className,
  truncate = false,
}: {
  address: string;
  className?: string;
  /**
   * On one line, cut short with an ellipsis where its column ends, and shown whole over its neighbours on hover
   * or keyboard focus (the [data-email-address="cut"] rules in globals.css): a table's rows stay one line tall.
   */
  truncate?: boolean;
}) {
  if (truncate)
    return (
      // Marked by the attribute's value rather than a class: the list carries it on every row, twice.
      <span data-email-address="cut" tabIndex={0} {...(className && { className })}>
        {address}
      </span>
    );
  // The pieces and their <wbr>s side by side, no wrapper per piece: the same HTML, and less of the page's data.
  const children: React.ReactNode[] = [];
  emailAddressParts(address).forEach((part, index) => {
    if (index > 0) children.push(<wbr key={index} />);
    children.push(part);
  });
  return (
    <span data-email-address="" {...(className && { className })}>
      {children}
    </span>
  );
}
