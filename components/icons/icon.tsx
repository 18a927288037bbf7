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
 * the sprite's symbols; its 24 px box, no fill and lucide's stroke width of 2 come from the `icon` class in
 * globals.css, where a class or a `strokeWidth` prop can change them. As a class rather than four attributes on
 * each of the page's hundred icons, they are not repeated in its HTML and again in its hydration data.
 */
export function Icon({ name, className, ...props }: IconProps) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"} {...props}>
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}
