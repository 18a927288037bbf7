import { markColour } from "@/scripts/icons/brand-colour";

describe("markColour", () => {
  it("keeps a brand colour that shows on a white tile", () => {
    expect(markColour({ hex: "635BFF" })).toBe("#635BFF");
    expect(markColour({ hex: "EA4335" })).toBe("#EA4335");
  });
  it("swaps a colour that would vanish on white for a dark ink", () => {
    expect(markColour({ hex: "FFE01B" })).toBe("#1e1b4b");
    expect(markColour({ hex: "FFFFFF" })).toBe("#1e1b4b");
  });
});
