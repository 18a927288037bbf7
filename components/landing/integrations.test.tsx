import type { SimpleIcon } from "simple-icons";

import { markColour } from "./integrations";

const icon = (hex: string) => ({ hex, title: "Brand", slug: "brand", path: "", source: "", svg: "" }) as SimpleIcon;

describe("markColour", () => {
  it("keeps a brand colour that shows on a white tile", () => {
    expect(markColour(icon("635BFF"))).toBe("#635BFF");
    expect(markColour(icon("EA4335"))).toBe("#EA4335");
  });
  it("swaps a colour that would vanish on white for a dark ink", () => {
    expect(markColour(icon("FFE01B"))).toBe("#1e1b4b");
    expect(markColour(icon("FFFFFF"))).toBe("#1e1b4b");
  });
});
