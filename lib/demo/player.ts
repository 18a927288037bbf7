/**
 * The demo engine: a script is typed data (steps with delays) and one player plays any script on timers.
 * Nothing here touches the DOM or the network, so Jest fake timers can check every timing.
 */

/** One step of a demo script; `delay` is milliseconds after the previous step (or after the start). */
export type DemoStep<TCard, TPanel> =
  | { kind: "user"; delay: number; text: string }
  | { kind: "typing"; delay: number }
  | { kind: "assistant"; delay: number; text: string }
  | { kind: "card"; delay: number; card: TCard }
  | { kind: "panel"; delay: number; panel: TPanel }
  | { kind: "close"; delay: number; target: "card" | "panel" }
  | { kind: "clear"; delay: number };

export interface DemoScript<TCard, TPanel> {
  id: string;
  title: string;
  steps: readonly DemoStep<TCard, TPanel>[];
}

export interface DemoMessage {
  /** Unique per play, so a replayed message is a new element. */
  id: string;
  role: "user" | "assistant";
  text: string;
}

export type DemoStatus = "idle" | "running" | "finished";

export interface DemoSnapshot<TCard, TPanel> {
  scriptId: string | null;
  status: DemoStatus;
  /** True while any hold (user, off-screen, hidden tab) keeps the timers stopped. */
  paused: boolean;
  /** The reasons currently holding the timers. */
  holds: readonly string[];
  messages: readonly DemoMessage[];
  typing: boolean;
  card: TCard | null;
  panel: TPanel | null;
  /** Index of the next step to run. */
  stepIndex: number;
}

/** What happens after a script's last step: wait, pick the next script, wait, play it. */
export interface DemoLoop<TCard, TPanel> {
  pickDelay: number;
  startDelay: number;
  next: (previous: DemoScript<TCard, TPanel>) => DemoScript<TCard, TPanel>;
}

export interface PlayOptions<TCard, TPanel> {
  /** Wait before the first step's own delay starts counting. */
  startDelay?: number;
  /** Replaces the first step's delay (a visitor who pressed play should not wait the auto-play lead-in). */
  firstStepDelay?: number;
  /** Keep the current conversation and add to it (text mode answers follow the greeting). */
  keepConversation?: boolean;
  loop?: DemoLoop<TCard, TPanel> | null;
}

export interface DemoTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

/** Looked up on every call, so timers faked after import (Jest) are honoured. */
export const globalTimers: DemoTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** A snapshot with nothing on screen. */
export function emptySnapshot<TCard, TPanel>(): DemoSnapshot<TCard, TPanel> {
  return {
    scriptId: null,
    status: "idle",
    paused: false,
    holds: [],
    messages: [],
    typing: false,
    card: null,
    panel: null,
    stepIndex: 0,
  };
}

/** The pure transition: the snapshot after one step has run. */
export function applyStep<TCard, TPanel>(
  state: DemoSnapshot<TCard, TPanel>,
  step: DemoStep<TCard, TPanel>,
  messageId: string,
): DemoSnapshot<TCard, TPanel> {
  switch (step.kind) {
    case "user":
    case "assistant":
      return {
        ...state,
        typing: false,
        messages: [...state.messages, { id: messageId, role: step.kind, text: step.text }],
      };
    case "typing":
      return { ...state, typing: true };
    case "card":
      return { ...state, card: step.card };
    case "panel":
      return { ...state, panel: step.panel };
    case "close":
      return step.target === "card" ? { ...state, card: null } : { ...state, panel: null };
    case "clear":
      return { ...state, messages: [], typing: false, card: null, panel: null };
  }
}

/**
 * The conversation a script leaves behind (before its closing `clear`): with cards and panels shut, or with
 * `keepOpen`, as its last step left them (a still transcript that ends "here they are:" shows what it promised).
 */
export function finishedSnapshot<TCard, TPanel>(
  script: DemoScript<TCard, TPanel>,
  { keepOpen = false }: { keepOpen?: boolean } = {},
): DemoSnapshot<TCard, TPanel> {
  const steps = withoutTrailingClear(script).steps;
  const state = steps.reduce<DemoSnapshot<TCard, TPanel>>(
    (acc, step, index) => applyStep(acc, step, `${script.id}-final-${index}`),
    emptySnapshot(),
  );
  return {
    ...state,
    scriptId: script.id,
    status: "finished",
    typing: false,
    card: keepOpen ? state.card : null,
    panel: keepOpen ? state.panel : null,
    stepIndex: steps.length,
  };
}

/** The same script without its final `clear`, for one-off plays that should leave the conversation up. */
export function withoutTrailingClear<TCard, TPanel>(script: DemoScript<TCard, TPanel>): DemoScript<TCard, TPanel> {
  const last = script.steps.at(-1);
  return last?.kind === "clear" ? { ...script, steps: script.steps.slice(0, -1) } : script;
}

/** Each step with the time (ms after the script starts) at which it runs. */
export function scriptTimeline<TCard, TPanel>(script: DemoScript<TCard, TPanel>) {
  let at = 0;
  return script.steps.map((step, index) => {
    at += step.delay;
    return { index, at, step };
  });
}

/** Picks one script with an injectable random source (0 ≤ random() < 1). */
export function pickScript<T>(scripts: readonly T[], random: () => number = Math.random): T {
  if (scripts.length === 0) throw new Error("No scripts to pick from");
  const index = Math.min(scripts.length - 1, Math.floor(random() * scripts.length));
  return scripts[index] as T;
}

interface Pending {
  run: () => void;
  remaining: number;
  startedAt: number;
  handle: unknown;
  armed: boolean;
}

/**
 * Plays scripts on timers. At most one timer is pending at a time, which makes pausing exact:
 * a hold stops the timer and keeps the time left; releasing every hold restarts it with that time.
 */
export class DemoPlayer<TCard, TPanel> {
  private snapshot: DemoSnapshot<TCard, TPanel>;
  private readonly listeners = new Set<() => void>();
  private readonly holds = new Set<string>();
  private readonly timers: DemoTimers;
  private script: DemoScript<TCard, TPanel> | null = null;
  private loop: DemoLoop<TCard, TPanel> | null = null;
  private firstStepDelay: number | undefined;
  private pending: Pending | null = null;
  private playCount = 0;

  constructor(options: { timers?: DemoTimers; initial?: DemoSnapshot<TCard, TPanel> } = {}) {
    this.timers = options.timers ?? globalTimers;
    this.snapshot = options.initial ?? emptySnapshot();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): DemoSnapshot<TCard, TPanel> => this.snapshot;

  /** Starts a script from its first step, cancelling whatever was playing. */
  play(script: DemoScript<TCard, TPanel>, options: PlayOptions<TCard, TPanel> = {}): void {
    this.cancelPending();
    this.script = script;
    this.loop = options.loop ?? null;
    this.firstStepDelay = options.firstStepDelay;
    this.playCount += 1;
    const base = options.keepConversation ? this.snapshot : emptySnapshot<TCard, TPanel>();
    this.commit({ ...base, ...this.holdState(), scriptId: script.id, status: "running", typing: false, stepIndex: 0 });
    this.schedule(options.startDelay ?? 0, () => this.scheduleFrom(0));
  }

  /** Stops the timers and shows `snapshot` (or keeps the current conversation) as idle. */
  stop(snapshot?: DemoSnapshot<TCard, TPanel>): void {
    this.cancelPending();
    this.script = null;
    this.loop = null;
    this.commit({ ...(snapshot ?? this.snapshot), ...this.holdState(), status: snapshot?.status ?? "idle" });
  }

  /** Closes the service card or the document panel (the X buttons); the script carries on. */
  close(target: "card" | "panel"): void {
    this.commit(applyStep(this.snapshot, { kind: "close", delay: 0, target }, ""));
  }

  /** Adds a reason to keep the timers stopped; they stay stopped until every reason is released. */
  hold(reason: string): void {
    if (this.holds.has(reason)) return;
    this.holds.add(reason);
    const pending = this.pending;
    if (pending?.armed) {
      this.timers.clearTimeout(pending.handle);
      pending.remaining = Math.max(0, pending.remaining - (this.timers.now() - pending.startedAt));
      pending.armed = false;
    }
    this.commit({ ...this.snapshot, ...this.holdState() });
  }

  /** Removes a hold; with none left, the pending step resumes with the time it had left. */
  release(reason: string): void {
    if (!this.holds.delete(reason)) return;
    if (!this.isHeld() && this.pending && !this.pending.armed) this.arm(this.pending);
    this.commit({ ...this.snapshot, ...this.holdState() });
  }

  isHeldBy(reason: string): boolean {
    return this.holds.has(reason);
  }

  /** Cancels timers and listeners; the player can still be played again. */
  dispose(): void {
    this.cancelPending();
    this.listeners.clear();
  }

  private isHeld(): boolean {
    return this.holds.size > 0;
  }

  private holdState(): Pick<DemoSnapshot<TCard, TPanel>, "paused" | "holds"> {
    return { paused: this.isHeld(), holds: [...this.holds] };
  }

  private commit(next: DemoSnapshot<TCard, TPanel>): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private cancelPending(): void {
    if (this.pending?.armed) this.timers.clearTimeout(this.pending.handle);
    this.pending = null;
  }

  private schedule(ms: number, run: () => void): void {
    this.cancelPending();
    if (ms <= 0 && !this.isHeld()) {
      run();
      return;
    }
    const pending: Pending = { run, remaining: Math.max(0, ms), startedAt: 0, handle: null, armed: false };
    this.pending = pending;
    if (!this.isHeld()) this.arm(pending);
  }

  private arm(pending: Pending): void {
    pending.startedAt = this.timers.now();
    pending.armed = true;
    pending.handle = this.timers.setTimeout(() => {
      if (this.pending !== pending) return;
      this.pending = null;
      pending.run();
    }, pending.remaining);
  }

  private stepDelay(index: number): number {
    const step = this.script?.steps[index];
    if (!step) return 0;
    return index === 0 && this.firstStepDelay !== undefined ? this.firstStepDelay : step.delay;
  }

  private scheduleFrom(index: number): void {
    const script = this.script;
    if (!script) return;
    if (index >= script.steps.length) {
      this.finish(script);
      return;
    }
    this.schedule(this.stepDelay(index), () => this.advance(index));
  }

  /** Runs step `index` and every step straight after it that has no delay, then commits once. */
  private advance(index: number): void {
    const script = this.script;
    if (!script) return;
    let state = this.snapshot;
    let next = index;
    do {
      const step = script.steps[next];
      if (!step) break;
      state = applyStep(state, step, `${script.id}-${this.playCount}-${next}`);
      next += 1;
    } while (next < script.steps.length && this.stepDelay(next) === 0);
    this.commit({ ...state, stepIndex: next });
    this.scheduleFrom(next);
  }

  private finish(script: DemoScript<TCard, TPanel>): void {
    const loop = this.loop;
    if (!loop) {
      this.commit({ ...this.snapshot, status: "finished", typing: false });
      return;
    }
    this.schedule(loop.pickDelay, () => {
      const nextScript = loop.next(script);
      this.script = nextScript;
      this.firstStepDelay = undefined;
      this.playCount += 1;
      this.commit({
        ...emptySnapshot<TCard, TPanel>(),
        ...this.holdState(),
        scriptId: nextScript.id,
        status: "running",
      });
      this.schedule(loop.startDelay, () => this.scheduleFrom(0));
    });
  }
}
