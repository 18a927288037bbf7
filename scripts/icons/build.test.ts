import { readFileSync } from "node:fs";
import path from "node:path";

import { ICON_NAMES } from "@/content/icon-names";
import { iconFiles, iconSprite } from "@/scripts/icons/build";

describe("the static icon files", () => {
  it("are up to date (run `npm run icons` after changing the icon list or a logo)", () => {
    for (const [file, content] of Object.entries(iconFiles())) {
      expect(readFileSync(path.join(process.cwd(), file), "utf8")).toBe(content);
    }
  });

  it("have one symbol per icon name, each in lucide's 24-unit box with lucide's outline", () => {
    const sprite = iconSprite();
    const paint = 'stroke="currentColor" stroke-linecap="round" stroke-linejoin="round"';
    const ids = [...sprite.matchAll(new RegExp(`<symbol id="([^"]+)" viewBox="0 0 24 24" ${paint}>`, "g"))].map(
      (match) => match[1],
    );
    expect(ids).toEqual([...ICON_NAMES]);
    expect(sprite).not.toMatch(/<symbol[^>]*><\/symbol>/);
    // Fill and stroke width stay with each <svg> that draws a symbol, where a class can change them.
    expect(sprite).not.toMatch(/stroke-width|fill=/);
  });

  it("refuses a name lucide does not have", () => {
    expect(() => iconSprite(["no-such-icon"])).toThrow(/no icon named "no-such-icon"/);
  });
});
