/** Shared by the demo tests: plays a script on Jest's fake timers and checks each step lands on time. */
import type { ChatDemoScript, DemoCard, DemoDocument } from "@/content/demo/types";
import { applyStep, DemoPlayer, emptySnapshot, scriptTimeline, type DemoSnapshot } from "@/lib/demo/player";

type Snapshot = DemoSnapshot<DemoCard, DemoDocument>;

const view = (s: Snapshot) => ({
  messages: s.messages.map((m) => `${m.role}:${m.text}`),
  typing: s.typing,
  card: s.card,
  panel: s.panel,
});

/**
 * Plays `script` (after `offset` ms already scheduled by the caller) and, for every instant at which steps
 * run, checks that nothing changed 1 ms before and that the state matches the reducer's right on time.
 * Returns the instants (ms after the script's start) that were checked.
 */
export function expectStepsOnTime(
  player: DemoPlayer<DemoCard, DemoDocument>,
  script: ChatDemoScript,
  offset = 0,
  base: Snapshot = emptySnapshot(),
) {
  const instants = [...new Set(scriptTimeline(script).map((entry) => entry.at))];
  let expected = base;
  let elapsed = 0;
  for (const at of instants) {
    const target = offset + at;
    if (target > elapsed) {
      jest.advanceTimersByTime(target - elapsed - 1);
      expect(view(player.getSnapshot())).toEqual(view(expected));
      jest.advanceTimersByTime(1);
      elapsed = target;
    }
    for (const { step } of scriptTimeline(script).filter((entry) => entry.at === at)) {
      expected = applyStep(expected, step, "x");
    }
    const actual = view(player.getSnapshot());
    const wanted = view(expected);
    // A script that ends leaves no typing indicator behind.
    if (at === instants.at(-1)) wanted.typing = false;
    expect(actual).toEqual(wanted);
  }
  return instants;
}

/** Installs a fetch spy that fails the test if anything is requested. */
export function spyOnFetch() {
  const original = globalThis.fetch;
  const spy = jest.fn(() => Promise.reject(new Error("the demos must not fetch")));
  globalThis.fetch = spy as unknown as typeof fetch;
  return {
    spy,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
