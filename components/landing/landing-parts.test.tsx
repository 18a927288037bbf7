import { renderToStaticMarkup } from "react-dom/server";

import { landingPartTags, type LandingPartName } from "@/components/landing/landing-part-tags";
import { LandingPart, landingParts } from "@/components/landing/landing-parts";

const names = Object.keys(landingPartTags) as LandingPartName[];

describe("the landing page's static parts", () => {
  it("are the same list in the browser's table of elements and the server's table of parts", () => {
    expect(Object.keys(landingParts).sort()).toEqual([...names].sort());
  });

  // The browser keeps a part's server markup by claiming its outermost element while hydrating: any other
  // outermost element, or more than one, and hydration would fail and the page be rendered again.
  it.each(names)("%s renders one outermost element, the one the browser claims", (part) => {
    const html = renderToStaticMarkup(<LandingPart part={part} />);
    const tag = landingPartTags[part];
    expect(html.startsWith(`<${tag}`)).toBe(true);
    expect(html.endsWith(`</${tag}>`)).toBe(true);
    const wrapped = new RegExp(`^<${tag}[\\s>]`);
    expect(wrapped.test(html)).toBe(true);
  });
});
