import { cn } from "@/lib/utils";

/**
 * The joined-buttons look of a single-choice control, shared by the scripted control (Radix, which marks the
 * chosen option `data-state=checked`) and the built page's plain one (native radios inside labels), so the one
 * takes the other's place without a pixel moving.
 */
export const segmentedRootClass =
  "inline-flex items-center gap-1 rounded-full border border-border bg-muted p-1 shadow-inner";

const segmentedItemBase =
  "inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium transition-colors [&_svg]:size-4 text-muted-foreground hover:text-foreground";

/** An option drawn by Radix: chosen and focused states from its data attributes. */
export const segmentedItemClass = cn(
  segmentedItemBase,
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-muted",
  "data-[state=checked]:bg-card data-[state=checked]:text-foreground data-[state=checked]:shadow-sm",
);

/** An option drawn as a label around a visually hidden native radio: the same states, from the radio inside. */
export const segmentedLabelClass = cn(
  segmentedItemBase,
  "cursor-pointer has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-muted",
  "has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm",
);
