import {
  applyStep,
  DemoPlayer,
  emptySnapshot,
  finishedSnapshot,
  pickScript,
  scriptTimeline,
  withoutTrailingClear,
  type DemoScript,
} from "@/lib/demo/player";

type Script = DemoScript<string, string>;

const script: Script = {
  id: "s",
  title: "Sample",
  steps: [
    { kind: "user", delay: 1000, text: "hello" },
    { kind: "typing", delay: 500 },
    { kind: "assistant", delay: 1000, text: "hi" },
    { kind: "card", delay: 1200, card: "card-a" },
    { kind: "close", delay: 0, target: "card" },
    { kind: "panel", delay: 0, panel: "panel-a" },
    { kind: "clear", delay: 2000 },
  ],
};

const texts = (player: DemoPlayer<string, string>) => player.getSnapshot().messages.map((m) => m.text);

describe("DemoPlayer", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("runs each step exactly when its delay has elapsed, never before", () => {
    const player = new DemoPlayer<string, string>();
    player.play(script, { startDelay: 300 });
    expect(player.getSnapshot().status).toBe("running");

    jest.advanceTimersByTime(1299);
    expect(texts(player)).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(texts(player)).toEqual(["hello"]);

    jest.advanceTimersByTime(499);
    expect(player.getSnapshot().typing).toBe(false);
    jest.advanceTimersByTime(1);
    expect(player.getSnapshot().typing).toBe(true);

    jest.advanceTimersByTime(1000);
    expect(texts(player)).toEqual(["hello", "hi"]);
    expect(player.getSnapshot().typing).toBe(false);

    jest.advanceTimersByTime(1199);
    expect(player.getSnapshot().card).toBeNull();
    jest.advanceTimersByTime(1);
    // The card step and the zero-delay close and panel steps after it happen in the same instant.
    expect(player.getSnapshot().card).toBeNull();
    expect(player.getSnapshot().panel).toBe("panel-a");

    jest.advanceTimersByTime(2000);
    expect(player.getSnapshot()).toMatchObject({ messages: [], card: null, panel: null, status: "finished" });
  });

  it("commits zero-delay steps together, so listeners never see a half-applied instant", () => {
    const player = new DemoPlayer<string, string>();
    const seen: string[] = [];
    player.subscribe(() => {
      const s = player.getSnapshot();
      seen.push(`${s.card ?? "-"}|${s.panel ?? "-"}`);
    });
    player.play(script);
    jest.advanceTimersByTime(3700);
    expect(seen).not.toContain("card-a|panel-a");
    expect(seen.at(-1)).toBe("-|panel-a");
  });

  it("runs steps straight away when they have no delay (a click answers at once)", () => {
    const player = new DemoPlayer<string, string>();
    player.play({
      id: "now",
      title: "Now",
      steps: [
        { kind: "user", delay: 0, text: "now" },
        { kind: "typing", delay: 0 },
        { kind: "assistant", delay: 100, text: "reply" },
      ],
    });
    expect(texts(player)).toEqual(["now"]);
    expect(player.getSnapshot()).toMatchObject({ typing: true, status: "running" });
    jest.advanceTimersByTime(100);
    expect(texts(player)).toEqual(["now", "reply"]);
    expect(player.getSnapshot()).toMatchObject({ typing: false, status: "finished" });
  });

  it("pauses and resumes with exactly the time that was left", () => {
    const player = new DemoPlayer<string, string>();
    player.play(script);
    jest.advanceTimersByTime(600);
    player.hold("user");
    expect(player.getSnapshot()).toMatchObject({ paused: true, holds: ["user"] });

    jest.advanceTimersByTime(60_000);
    expect(texts(player)).toEqual([]);

    player.release("user");
    expect(player.getSnapshot().paused).toBe(false);
    jest.advanceTimersByTime(399);
    expect(texts(player)).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(texts(player)).toEqual(["hello"]);
  });

  it("stays paused until every reason to hold is released", () => {
    const player = new DemoPlayer<string, string>();
    player.play(script);
    player.hold("offscreen");
    player.hold("hidden");
    player.release("offscreen");
    jest.advanceTimersByTime(5000);
    expect(texts(player)).toEqual([]);
    expect(player.isHeldBy("hidden")).toBe(true);
    player.release("hidden");
    jest.advanceTimersByTime(1000);
    expect(texts(player)).toEqual(["hello"]);
  });

  it("does not start counting a script played while held", () => {
    const player = new DemoPlayer<string, string>();
    player.hold("hidden");
    player.play(script, { startDelay: 1000 });
    jest.advanceTimersByTime(10_000);
    expect(texts(player)).toEqual([]);
    player.release("hidden");
    jest.advanceTimersByTime(1999);
    expect(texts(player)).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(texts(player)).toEqual(["hello"]);
  });

  it("loops: after the last step it waits, picks the next script, waits, then plays it", () => {
    const next: Script = { id: "next", title: "Next", steps: [{ kind: "user", delay: 2000, text: "again" }] };
    const choose = jest.fn(() => next);
    const player = new DemoPlayer<string, string>();
    player.play(script, { loop: { pickDelay: 500, startDelay: 1500, next: choose } });
    jest.advanceTimersByTime(5700); // the whole script, ending on its clear
    expect(player.getSnapshot().messages).toEqual([]);
    expect(choose).not.toHaveBeenCalled();

    jest.advanceTimersByTime(499);
    expect(choose).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(choose).toHaveBeenCalledWith(script);
    expect(player.getSnapshot()).toMatchObject({ scriptId: "next", status: "running" });

    jest.advanceTimersByTime(1500 + 1999);
    expect(texts(player)).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(texts(player)).toEqual(["again"]);
  });

  it("replaces the first step's delay when asked (play on request)", () => {
    const player = new DemoPlayer<string, string>();
    player.play(script, { firstStepDelay: 200 });
    jest.advanceTimersByTime(199);
    expect(texts(player)).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(texts(player)).toEqual(["hello"]);
  });

  it("restarting cancels the old timers and starts from an empty conversation", () => {
    const player = new DemoPlayer<string, string>();
    player.play(script);
    jest.advanceTimersByTime(2600);
    expect(texts(player)).toEqual(["hello", "hi"]);
    player.play(script);
    expect(texts(player)).toEqual([]);
    jest.advanceTimersByTime(999);
    expect(texts(player)).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(texts(player)).toEqual(["hello"]);
    expect(jest.getTimerCount()).toBe(1);
  });

  it("can keep the conversation and add to it", () => {
    const player = new DemoPlayer<string, string>({
      initial: finishedSnapshot({ id: "g", title: "G", steps: [{ kind: "assistant", delay: 0, text: "greeting" }] }),
    });
    player.play(
      { id: "q", title: "Q", steps: [{ kind: "user", delay: 0, text: "question" }] },
      { keepConversation: true },
    );
    expect(texts(player)).toEqual(["greeting", "question"]);
  });

  it("gives replayed messages new ids", () => {
    const player = new DemoPlayer<string, string>();
    player.play(script);
    jest.advanceTimersByTime(1000);
    const first = player.getSnapshot().messages[0]?.id;
    player.play(script);
    jest.advanceTimersByTime(1000);
    expect(player.getSnapshot().messages[0]?.id).not.toBe(first);
  });

  it("closes the card or the panel on request without stopping the script", () => {
    const player = new DemoPlayer<string, string>();
    player.play({
      id: "c",
      title: "C",
      steps: [
        { kind: "card", delay: 0, card: "c" },
        { kind: "panel", delay: 0, panel: "p" },
        { kind: "user", delay: 100, text: "later" },
      ],
    });
    player.close("panel");
    expect(player.getSnapshot()).toMatchObject({ card: "c", panel: null });
    player.close("card");
    expect(player.getSnapshot().card).toBeNull();
    jest.advanceTimersByTime(100);
    expect(texts(player)).toEqual(["later"]);
  });

  it("stop() cancels every timer", () => {
    const player = new DemoPlayer<string, string>();
    player.play(script);
    player.stop();
    expect(jest.getTimerCount()).toBe(0);
    expect(player.getSnapshot().status).toBe("idle");
  });
});

describe("script helpers", () => {
  it("applyStep is pure", () => {
    const before = emptySnapshot<string, string>();
    const after = applyStep(before, { kind: "user", delay: 0, text: "x" }, "id");
    expect(before.messages).toEqual([]);
    expect(after.messages).toEqual([{ id: "id", role: "user", text: "x" }]);
  });

  it("scriptTimeline adds up the delays", () => {
    expect(scriptTimeline(script).map((entry) => entry.at)).toEqual([1000, 1500, 2500, 3700, 3700, 3700, 5700]);
  });

  it("finishedSnapshot shows the conversation before the clear, with cards and panels shut", () => {
    const done = finishedSnapshot(script);
    expect(done.messages.map((m) => m.text)).toEqual(["hello", "hi"]);
    expect(done).toMatchObject({ status: "finished", card: null, panel: null, typing: false });
    expect(withoutTrailingClear(script).steps.at(-1)?.kind).toBe("panel");
  });

  it("pickScript uses the injected random source", () => {
    expect(pickScript(["a", "b"], () => 0)).toBe("a");
    expect(pickScript(["a", "b"], () => 0.49)).toBe("a");
    expect(pickScript(["a", "b"], () => 0.5)).toBe("b");
    expect(pickScript(["a", "b"], () => 0.999)).toBe("b");
    expect(() => pickScript([], () => 0)).toThrow();
  });
});
