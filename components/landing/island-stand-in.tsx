/**
 * The one focusable thing in a lazy island's placeholder: keyboard visitors reach it in page order before the
 * island has loaded, and focusing it (useLoadWhenNear's onFocus) loads the island and moves focus inside.
 * Hidden until focused; pressing it does the same for anyone who gets there another way.
 */
export function IslandStandIn({ label }: { label: string }) {
  return (
    <button
      type="button"
      data-island-stand-in=""
      className="sr-only focus:not-sr-only focus:absolute focus:top-6 focus:left-1/2 focus:z-10 focus:-translate-x-1/2 focus:rounded-full focus:bg-primary focus:px-5 focus:py-3 focus:text-sm focus:font-semibold focus:text-primary-foreground focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2"
    >
      {label}
    </button>
  );
}
