import { readFileSync } from "node:fs";
import path from "node:path";

import { ICON_NAMES } from "@/components/icons/icon-names";

import { iconFiles, iconSprite } from "./build";

describe("the static icon files", () => {
  it("are up to date (run `npm run icons` after changing the icon list or a logo)", () => {
    for (const [file, content] of Object.entries(iconFiles())) {
      expect(readFileSync(path.join(process.cwd(), file), "utf8")).toBe(content);
    }
  });

  it("have one symbol per icon name, each in lucide's 24-unit box", () => {
    const sprite = iconSprite();
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((match) => match[1]);
    expect(ids).toEqual([...ICON_NAMES]);
    expect(sprite).not.toMatch(/<symbol[^>]*><\/symbol>/);
  });

  it("refuses a name lucide does not have", () => {
    expect(() => iconSprite(["no-such-icon"])).toThrow(/no icon named "no-such-icon"/);
  });
});
