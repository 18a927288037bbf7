// `npm run fonts`: writes app/fonts/geist-sans-latin.woff2, Geist Sans cut down to what the site uses: the Latin
// characters of its copy and of its visitors' names, and the weights from 400 to 700 (still one variable font).
// The geist package's file carries Cyrillic, Greek and weights 100 to 900: 69 KB, preloaded by every page.
// Characters outside the subset fall back to the next font in the stack, glyph by glyph; weights outside the
// range (none is used) would get the nearest one. Keep WEIGHTS in step with app/layout.tsx.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import subsetFont from "subset-font";

/** Unicode ranges kept: Google Fonts' "latin" subset plus Latin Extended-A (names such as Łukasz or Dvořák). */
export const GEIST_SANS_RANGES = [
  [0x0000, 0x00ff],
  [0x0100, 0x017f],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0x2264, 0x2265],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** The weight axis kept: normal (400) to bold (700), the weights the pages use. */
export const WEIGHTS = { min: 400, max: 700 };

const source = path.join(process.cwd(), "node_modules", "geist", "dist", "fonts", "geist-sans", "Geist-Variable.woff2");
const target = path.join(process.cwd(), "app", "fonts", "geist-sans-latin.woff2");

const text = GEIST_SANS_RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index)),
).join("");

const input = readFileSync(source);
const output = await subsetFont(input, text, { targetFormat: "woff2", variationAxes: { wght: WEIGHTS } });
writeFileSync(target, output);
console.log(`wrote ${path.relative(process.cwd(), target)}: ${output.length} bytes (from ${input.length})`);
