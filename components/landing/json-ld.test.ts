import { landingStructuredData, serializeJsonLd } from "@/components/landing/json-ld";
import { siteConfig } from "@/config/site";

describe("structured data", () => {
  it("describes the organisation and the product by the configured name", () => {
    const graph = landingStructuredData()["@graph"];
    const types = graph.map((node) => node["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Organization", "Product"]));
    for (const node of graph) expect(node.name).toBe(siteConfig.name);
  });

  it("cannot close its script element early", () => {
    const text = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
