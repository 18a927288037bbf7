import type { StaticImageData } from "next/image";
import type { SVGProps } from "react";

import sprite from "@/components/icons/sprite.svg";
import type { IconName } from "@/content/icon-names";

/**
 * The sprite every `Icon` draws from (built by `npm run icons`). Imported, so Next serves it from /_next/static
 * under a content hash, cached for good and replaced whenever the icon set changes.
 */
export const ICON_SPRITE_URL: string = (sprite as StaticImageData).src;

type IconProps = { name: IconName } & Omit<SVGProps<SVGSVGElement>, "children" | "name">;

/**
 * A lucide icon drawn from the static sprite with `<use>`. It renders in server components without becoming a
 * client component (lucide-react's icons are client components), and the page carries a one-line reference
 * instead of the path data, once in the HTML and again in the RSC payload. Decorative: hidden from assistive
 * technology, so the text beside it carries the meaning. lucide's outline (the current colour, round ends) is set on
 * the sprite's symbols; no fill and the stroke width, lucide's 2 unless given, are set here, where a class or a prop
 * can change them.
 */
export function Icon({ name, strokeWidth = 2, ...props }: IconProps) {
  return (
    <svg aria-hidden="true" width={24} height={24} fill="none" strokeWidth={strokeWidth} {...props}>
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}
