import { VISITOR_MESSAGE_MAX } from "@/content/demo/hero-chrome";
import { visitorMessageScript, visitorReply } from "@/content/demo/hero-replies";

describe("the hero's reply to a typed message", () => {
  it("names the job the message asks for and says plainly that this is not the real app", () => {
    expect(visitorReply("Invoice Mrs Jones £120")).toBe(
      "In the real app I'd draft that invoice now. Join the waiting list to try it.",
    );
    expect(visitorReply("quote the Smiths for a new fence")).toMatch(
      /^In the real app I'd put that quote together now\./,
    );
    expect(visitorReply("Book Dave in on Friday at 2")).toMatch(/sort out that booking/);
    expect(visitorReply("remind me to call the bank")).toMatch(/set that reminder/);
    expect(visitorReply("Tell Priya I'm late")).toMatch(/send that message/);
    expect(visitorReply("hello")).toBe("In the real app I'd take care of that now. Join the waiting list to try it.");
  });

  it("shows the visitor's words as typed (trimmed, and no longer than the box allows), then the reply", () => {
    const script = visitorMessageScript("  Invoice Mrs Jones £120  ");
    const said = script.steps.flatMap((step) => ("text" in step ? [[step.kind, step.text]] : []));
    expect(said).toEqual([
      ["user", "Invoice Mrs Jones £120"],
      ["assistant", visitorReply("Invoice Mrs Jones £120")],
    ]);
    const long = visitorMessageScript("x".repeat(500)).steps.find((step) => step.kind === "user");
    expect(long && "text" in long ? long.text : "").toHaveLength(VISITOR_MESSAGE_MAX);
  });
});
