import { cx } from "@/components/landing/class-names";

/*
 * Scroll-linked motion: these wrappers are plain server markup, each marked with a data attribute, and the page's one
 * ScrollEffects island (scroll-effects-island.tsx) moves them, so their content is never handed through a client
 * component. The resting classes are the state without motion, and nothing goes in the server HTML's style
 * attributes (the CSP allows none).
 */

interface EffectProps {
  children: React.ReactNode;
  className?: string;
}

/** The hero logo: scales down and fades as the page scrolls. */
export function HeroLogoMotion({ children, className }: EffectProps) {
  return (
    <div data-hero-logo="" className={cx("origin-top will-change-[transform,opacity]", className)}>
      {children}
    </div>
  );
}

/** The device frame around the hero demo: tilted back at first, upright as it scrolls up into view. */
export function DeviceTilt({ children, className }: EffectProps) {
  return (
    <div className="[perspective:1400px]">
      <div
        data-device-tilt=""
        className={cx(
          "origin-top [transform:rotateX(24deg)_scale(0.94)] motion-reduce:[transform:none]",
          "will-change-transform",
          className,
        )}
      >
        {children}
      </div>
    </div>
  );
}

/**
 * Moves each child marked `data-drift="1"` or `data-drift="-1"` sideways as the group passes through the
 * viewport; alternate rows travel in opposite directions.
 */
export function DriftGroup({ children, className }: EffectProps) {
  return (
    <div data-drift-group="" className={className}>
      {children}
    </div>
  );
}
