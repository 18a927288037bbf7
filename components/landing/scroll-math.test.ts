import {
  activeSectionId,
  clamp,
  deviceTilt,
  driftOffset,
  headerState,
  heroLogoStyle,
  passProgress,
  revealThresholds,
  wrapIndex,
} from "@/components/landing/scroll-math";

describe("wrapIndex", () => {
  it("keeps indices inside the range", () => {
    expect(wrapIndex(0, 9)).toBe(0);
    expect(wrapIndex(4, 9)).toBe(4);
  });
  it("wraps past the end back to the start and before the start to the end", () => {
    expect(wrapIndex(9, 9)).toBe(0);
    expect(wrapIndex(-1, 9)).toBe(8);
    expect(wrapIndex(-10, 9)).toBe(8);
    expect(wrapIndex(19, 9)).toBe(1);
  });
  it("returns 0 for an empty list", () => {
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe("revealThresholds", () => {
  it("steps from 0.05 to 0.5 in 0.05s", () => {
    expect(revealThresholds()).toEqual([0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]);
  });
});

describe("headerState", () => {
  const vh = 800;
  it("is hidden and clear at the top", () => {
    expect(headerState(0, vh)).toEqual({ visible: false, translucent: false });
  });
  it("turns translucent after 20 px", () => {
    expect(headerState(20, vh).translucent).toBe(false);
    expect(headerState(21, vh).translucent).toBe(true);
  });
  it("appears only after 95% of the viewport height", () => {
    expect(headerState(760, vh).visible).toBe(false);
    expect(headerState(761, vh).visible).toBe(true);
  });
});

describe("activeSectionId", () => {
  it("is null while every section is below the line", () => {
    expect(
      activeSectionId([
        { id: "a", top: 400 },
        { id: "b", top: 1200 },
      ]),
    ).toBeNull();
  });
  it("picks the lowest section whose top has passed 100 px", () => {
    const sections = [
      { id: "a", top: -900 },
      { id: "b", top: 80 },
      { id: "c", top: 500 },
    ];
    expect(activeSectionId(sections)).toBe("b");
  });
  it("does not depend on the order the sections are listed in", () => {
    const sections = [
      { id: "chat", top: 2000 },
      { id: "why", top: -300 },
      { id: "pain", top: -2400 },
    ];
    expect(activeSectionId(sections)).toBe("why");
  });
  it("treats exactly 100 px as not yet passed", () => {
    expect(activeSectionId([{ id: "a", top: 100 }])).toBeNull();
    expect(activeSectionId([{ id: "a", top: 99.5 }])).toBe("a");
  });
});

describe("scroll-linked motion", () => {
  it("clamps", () => {
    expect(clamp(5, 0, 1)).toBe(1);
    expect(clamp(-5, 0, 1)).toBe(0);
  });
  it("shrinks and fades the hero logo over half a viewport", () => {
    expect(heroLogoStyle(0, 800)).toEqual({ scale: 1, opacity: 1 });
    expect(heroLogoStyle(200, 800)).toEqual({ scale: 0.85, opacity: 0.5 });
    expect(heroLogoStyle(2000, 800)).toEqual({ scale: 0.7, opacity: 0 });
  });
  it("tilts the device back at the bottom of the viewport and upright near the top", () => {
    expect(deviceTilt(800, 800)).toEqual({ rotateX: 24, scale: 0.94 });
    expect(deviceTilt(120, 800)).toEqual({ rotateX: 0, scale: 1 });
    const mid = deviceTilt(460, 800);
    expect(mid.rotateX).toBeCloseTo(12);
  });
  it("measures a block's pass through the viewport from -1 to 1", () => {
    expect(passProgress(800, 400, 800)).toBe(-1);
    expect(passProgress(200, 400, 800)).toBe(0);
    expect(passProgress(-400, 400, 800)).toBe(1);
  });
  it("drifts rows that overflow far enough to show every logo", () => {
    expect(driftOffset(0, 1, 900, 400)).toBe(0);
    expect(Math.abs(driftOffset(1, -1, 900, 400))).toBeGreaterThan(250);
    expect(driftOffset(1, -1, 900, 400)).toBeLessThan(0);
    expect(driftOffset(0.5, 1, 300, 1200)).toBe(24);
  });
});

describe("the highlighted section", () => {
  it("is the one whose top is above 100 px, however tall the screen", () => {
    const positions = [
      { id: "pain-points", top: -1200 },
      { id: "business-examples", top: 280 },
    ];
    // The next section's top is on screen but below 100 px: the one before is still the current one.
    expect(activeSectionId(positions)).toBe("pain-points");
    expect(activeSectionId([positions[0]!, { id: "business-examples", top: 99 }])).toBe("business-examples");
    expect(activeSectionId([positions[0]!, { id: "business-examples", top: 100 }])).toBe("pain-points");
  });
});
