// Builds the landing page's static icon files from lucide-react and simple-icons: the sprite behind
// components/icons/icon.tsx (imported there, so it is served from /_next/static with a content hash) and one
// SVG per integration logo in public/. `npm run icons` writes them; scripts/icons/build.test.ts fails when the
// files are stale.
import * as lucide from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { SimpleIcon } from "simple-icons";

import { ICON_NAMES } from "@/content/icon-names";
import { integrationLogoUrl, integrationRows } from "@/content/landing/integrations";
import { markColour } from "@/scripts/icons/brand-colour";

const pascalCase = (name: string) =>
  name
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/** The inner markup (paths, circles...) of a lucide icon, as lucide-react renders it. */
function lucideShapes(name: string): string {
  const component = (lucide as unknown as Record<string, LucideIcon | undefined>)[pascalCase(name)];
  if (!component) throw new Error(`lucide-react has no icon named "${name}"`);
  const markup = renderToStaticMarkup(createElement(component));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
  if (!inner) throw new Error(`unexpected markup for lucide icon "${name}"`);
  return inner;
}

/**
 * lucide's outline, set once on each symbol instead of on every `<svg>` that shows it: the current colour, round
 * ends. Fill and stroke width are left to the `<svg>` (Icon sets them), so a caller can still change them: the play
 * button fills its triangle.
 */
const SYMBOL_PAINT = 'stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"';

/** The sprite: one `<symbol>` per icon name, drawn in lucide's 24-unit box. */
export function iconSprite(names: readonly string[] = ICON_NAMES): string {
  const symbols = names.map(
    (name) => `<symbol id="${name}" viewBox="0 0 24 24" ${SYMBOL_PAINT}>${lucideShapes(name)}</symbol>`,
  );
  // The root's size is only there for Next's static image import, which reads it; no one draws the root.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">\n${symbols.join("\n")}\n</svg>\n`;
}

/** A brand mark in the colour it shows on the integrations section's white tiles. */
export function brandMark(icon: SimpleIcon): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${markColour(icon)}" d="${icon.path}"/></svg>\n`;
}

/** Every generated file, keyed by its path in the project. */
export function iconFiles(): Record<string, string> {
  const files: Record<string, string> = { "components/icons/sprite.svg": iconSprite() };
  for (const { icon } of integrationRows.flat()) files[`public${integrationLogoUrl(icon)}`] = brandMark(icon);
  return files;
}
