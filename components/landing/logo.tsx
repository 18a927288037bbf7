import { cx } from "@/components/landing/class-names";
import { siteConfig } from "@/config/site";

interface LogoProps {
  className?: string;
  /** Size of the mark in px. */
  size?: number;
  /** Show the product name next to the mark. */
  withName?: boolean;
  nameClassName?: string;
}

/**
 * The product logo: the local mark image, whose alt text is the product name, and the name set in type beside it
 * (hidden from assistive technology, which already heard it from the image).
 */
export function Logo({ className, size = 32, withName = true, nameClassName }: LogoProps) {
  return (
    <span className={cx("inline-flex items-center gap-2.5", className)}>
      {/* A tiny SVG: next/image would add nothing but an inline style attribute. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src="/logo.svg" alt={siteConfig.name} width={size} height={size} className="shrink-0" />
      {withName ? (
        <span aria-hidden="true" className={cx("font-semibold tracking-tight", nameClassName)}>
          {siteConfig.name}
        </span>
      ) : null}
    </span>
  );
}
