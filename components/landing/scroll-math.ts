/**
 * Pure numbers behind the landing page's scroll behaviour, kept free of the DOM so they can be
 * unit-tested and shared by the client islands.
 */

/** The header appears once this share of the viewport height has been scrolled. */
export const HEADER_REVEAL_RATIO = 0.95;
/** The header turns translucent after this many pixels of scroll. */
export const HEADER_TRANSLUCENT_AFTER = 20;
/** In-page links leave this gap above the section (matches `scroll-padding-top` in globals.css). */
export const ANCHOR_OFFSET = 80;
/** A section counts as current once its top is above this line. */
export const ACTIVE_SECTION_THRESHOLD = 100;
/** Below this width the header shows a menu toggle. */
export const MOBILE_BREAKPOINT = 768;
/** Sections reveal when this share of them is in view... */
export const REVEAL_MIN_RATIO = 0.05;
/** ...observed in steps up to this share... */
export const REVEAL_MAX_RATIO = 0.5;
/** ...with the bottom 5% of the viewport not counting as "in view". */
export const REVEAL_ROOT_MARGIN = "0px 0px -5% 0px";

/** Restricts `value` to the range [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Wraps an index into [0, length), so stepping past either end comes round to the other. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/** The IntersectionObserver thresholds for section reveal: 0.05, 0.10, ... 0.50. */
export function revealThresholds(min = REVEAL_MIN_RATIO, max = REVEAL_MAX_RATIO, step = 0.05): number[] {
  const count = Math.round((max - min) / step);
  return Array.from({ length: count + 1 }, (_, i) => Math.round((min + i * step) * 100) / 100);
}

export interface HeaderState {
  visible: boolean;
  translucent: boolean;
}

/** Whether the header is shown and whether it has its translucent background, for a scroll position. */
export function headerState(scrollY: number, viewportHeight: number): HeaderState {
  return {
    visible: scrollY > viewportHeight * HEADER_REVEAL_RATIO,
    translucent: scrollY > HEADER_TRANSLUCENT_AFTER,
  };
}

export interface SectionPosition {
  id: string;
  /** Distance from the viewport top to the section top, in px (negative once scrolled past). */
  top: number;
}

/**
 * The section whose top has passed the threshold most recently: of the sections above the line, the lowest one.
 * Returns null while every section is still below the line.
 */
export function activeSectionId(
  sections: readonly SectionPosition[],
  threshold = ACTIVE_SECTION_THRESHOLD,
): string | null {
  let active: SectionPosition | null = null;
  for (const section of sections) {
    if (section.top < threshold && (active === null || section.top > active.top)) active = section;
  }
  return active?.id ?? null;
}

/** Hero logo: full size at the top, shrinking to 70% and fading out over the first half viewport of scroll. */
export function heroLogoStyle(scrollY: number, viewportHeight: number): { scale: number; opacity: number } {
  const progress = clamp(scrollY / Math.max(1, viewportHeight * 0.5), 0, 1);
  return { scale: 1 - 0.3 * progress, opacity: 1 - progress };
}

/**
 * Device frame tilt: leaning back 24 degrees while its top is at the bottom of the viewport, upright once its top
 * has risen to 15% of the viewport height.
 */
export function deviceTilt(frameTop: number, viewportHeight: number): { rotateX: number; scale: number } {
  const start = viewportHeight;
  const end = viewportHeight * 0.15;
  const progress = clamp((start - frameTop) / Math.max(1, start - end), 0, 1);
  return { rotateX: 24 * (1 - progress), scale: 0.94 + 0.06 * progress };
}

/**
 * Where a block sits in its pass through the viewport: -1 as its top enters at the bottom, 0 when its centre is at
 * the viewport centre, 1 as its bottom leaves at the top.
 */
export function passProgress(top: number, height: number, viewportHeight: number): number {
  const travel = viewportHeight + height;
  const centreOffset = top + height / 2 - viewportHeight / 2;
  return clamp((-2 * centreOffset) / Math.max(1, travel), -1, 1) + 0;
}

/**
 * Horizontal drift of a logo row: rows wider than their container drift far enough to bring their end logos into
 * view while the rows are on screen (progress about ±0.5); rows that fit drift by a gentle 48 px.
 */
export function driftOffset(progress: number, direction: number, rowWidth: number, containerWidth: number): number {
  const overflow = Math.max(0, (rowWidth - containerWidth) / 2);
  const reach = overflow * 1.8 + 48;
  const limit = overflow + 48;
  return Math.round(clamp(progress * direction * reach, -limit, limit) * 100) / 100 + 0;
}
