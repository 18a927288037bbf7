import type { SimpleIcon } from "simple-icons";

/** Relative luminance of a hex colour (WCAG formula). */
function luminance(hex: string): number {
  const channels = [0, 2, 4].map((at) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The brand colour for a mark on a white tile, unless it would all but vanish there; then a dark ink. */
export function markColour(icon: Pick<SimpleIcon, "hex">): string {
  const contrast = 1.05 / (luminance(icon.hex) + 0.05);
  return contrast >= 1.8 ? `#${icon.hex}` : "#1e1b4b";
}
