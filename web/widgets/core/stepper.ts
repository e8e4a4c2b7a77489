// The base of every stepper: a list of steps computed once from the parameters by a pure
// function of the module (stepsOf; M, the main module unless a stepper loads another), and a
// render of one step. Next / previous / reset / play
// buttons and keys on the focused widget (→ or n, ← or p, Home, End, k or space to play), a
// one-line narration, said with the step's position ("Step 2 of 8: …") in an ARIA live region,
// and the step index in the `step` attribute (so a URL or `step="3"` reproduces it).
import type { Ringlab } from "ringlab";
import { h } from "./dom";
import { RinglabElement } from "./element";
import type { Codec, Spec, StateOf } from "./params";

export type StepperSpec = Spec & { step: Codec<number> };

// Play's pace: at least 1.6 s a step, and long enough to say the step's narration (a screen
// reader speaks about 180 words a minute, a third of a second a word; a long narration of 30
// words then stays 10 s). While the focus is in the narration, Play waits.
const PLAY_MS = 1600;
const WORD_MS = 330;
const PLAY_MAX_MS = 15000;
export function playDelay(narration: string): number {
  const words = narration.split(/\s+/).filter((w) => w !== "").length;
  return Math.min(PLAY_MAX_MS, Math.max(PLAY_MS, words * WORD_MS));
}

export abstract class StepperElement<S extends StepperSpec, Step, M = Ringlab> extends RinglabElement<S, M> {
  protected stage!: HTMLDivElement;
  private narrationEl!: HTMLParagraphElement;
  private announceEl!: HTMLParagraphElement;
  private counterEl!: HTMLSpanElement;
  private shortcutsEl!: HTMLParagraphElement;
  private resetScenario!: HTMLButtonElement;
  private buttons!: Record<"reset" | "prev" | "play" | "next", HTMLButtonElement>;
  private cache: { key: string; steps: Step[] } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private index = 0;
  private toLast = false;

  /** The steps, from the module (pure: the same state gives the same steps). */
  protected abstract stepsOf(rl: M, state: StateOf<S>): Step[];
  /** Draws one step into the stage (diagram and its table). */
  protected abstract draw(stage: HTMLDivElement, step: Step, index: number, steps: Step[], state: StateOf<S>): void;
  /** The step in one line, in the current language. */
  protected abstract narrate(step: Step, index: number, steps: Step[], state: StateOf<S>): string;
  /** Adds the widget's own inputs (optional). */
  protected buildParams(_params: HTMLDivElement): void {}
  /** Puts the state into the widget's own inputs and relabels them. */
  protected syncParams(_state: StateOf<S>): void {}

  /** The steps of the current state (empty before the first render). */
  get steps(): readonly Step[] {
    return this.cache?.steps ?? [];
  }
  /** How many steps the current state has. */
  get stepCount(): number {
    return this.steps.length;
  }

  protected override focusable(): boolean {
    return true;
  }

  protected build(box: HTMLDivElement): void {
    const params = h("div", { class: "params", "data-testid": "params" });
    this.buildParams(params);
    if (params.childElementCount > 0) box.append(params);
    this.stage = h("div", { class: "stage", "data-testid": "stage" });
    // The narration is read in place (focusable, so a reader can stop on it: Play then waits);
    // what is announced is the step's position with it, from a visually hidden live region.
    this.narrationEl = h("p", { class: "narration", "data-testid": "narration", tabindex: "0" });
    this.announceEl = h("p", {
      class: "sr-only",
      "data-testid": "announce",
      "aria-live": "polite",
      "aria-atomic": "true",
    });
    const button = (id: string, onclick: () => void) =>
      h("button", { type: "button", "data-testid": id, onclick: () => onclick() });
    this.buttons = {
      reset: button("reset", () => this.go(0)),
      prev: button("prev", () => this.go(this.index - 1)),
      play: button("play", () => this.togglePlay()),
      next: button("next", () => this.go(this.index + 1)),
    };
    this.buttons.play.setAttribute("aria-pressed", "false");
    this.counterEl = h("span", { class: "counter", "data-testid": "step-counter" });
    const controls = h(
      "div",
      { class: "controls", "data-testid": "controls" },
      this.buttons.reset,
      this.buttons.prev,
      this.buttons.play,
      this.buttons.next,
      this.counterEl,
    );
    // Back to the chapter's example: every parameter but the step to its default.
    this.resetScenario = button("reset-scenario", () => {
      for (const k of Object.keys(this.spec)) if (k !== "step") this.removeAttribute(k);
      this.change({} as Partial<StateOf<S>>);
    });
    this.resetScenario.hidden = Object.keys(this.spec).length < 2;
    controls.append(this.resetScenario);
    this.shortcutsEl = h("p", { class: "shortcuts", "data-testid": "shortcuts" });
    box.append(this.stage, this.narrationEl, this.announceEl, controls, this.shortcutsEl);
    box.addEventListener("keydown", (e) => this.onKey(e));
  }

  protected render(rl: M, state: StateOf<S>): void {
    const b = this.buttons;
    b.reset.textContent = this.t.reset;
    b.prev.textContent = `◀ ${this.t.previous}`;
    b.next.textContent = `${this.t.next} ▶`;
    this.resetScenario.textContent = this.t.scenario.resetScenario;
    this.resetScenario.disabled = Object.keys(this.params).every((k) => k === "step");
    this.shortcutsEl.textContent = this.t.scenario.shortcuts;
    this.labelPlay();
    this.box.setAttribute("aria-roledescription", this.t.stepper);
    this.box.setAttribute("aria-keyshortcuts", "ArrowRight ArrowLeft N P Home End K");
    this.syncParams(state);
    const key = JSON.stringify({ ...state, step: 0 });
    if (this.cache?.key !== key) {
      this.cache = undefined;
      try {
        this.cache = { key, steps: this.stepsOf(rl, state) };
      } catch (e) {
        this.stage.replaceChildren();
        this.narrationEl.textContent = "";
        this.announceEl.textContent = "";
        this.counterEl.textContent = "";
        for (const x of [b.prev, b.next, b.play, b.reset]) x.disabled = true;
        this.stop();
        throw e;
      }
    }
    const steps = this.cache.steps;
    let i = Math.min(state.step as number, steps.length - 1);
    if (this.toLast) {
      this.toLast = false;
      i = steps.length - 1;
      this.setAttribute("step", String(i));
      queueMicrotask(() => this.notify());
    }
    this.index = i;
    const step = steps[i];
    if (step === undefined) return;
    this.stage.replaceChildren();
    this.draw(this.stage, step, i, steps, state);
    const narration = this.narrate(step, i, steps, state);
    const position = this.t.stepOf(this.f.int(i + 1), this.f.int(steps.length));
    this.narrationEl.textContent = narration;
    this.counterEl.textContent = position;
    const announced = `${position}: ${narration}`;
    if (this.announceEl.textContent !== announced) this.announceEl.textContent = announced;
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    b.reset.setAttribute("aria-disabled", String(i === 0));
    b.prev.setAttribute("aria-disabled", String(i === 0));
    b.next.setAttribute("aria-disabled", String(i >= steps.length - 1));
    b.play.setAttribute("aria-disabled", String(steps.length < 2));
    for (const x of [b.prev, b.next, b.play, b.reset]) x.disabled = false;
    this.box.dataset.step = String(i);
    this.box.dataset.steps = String(steps.length);
  }

  /** Goes to step i (clamped), as the user's action. */
  go(i: number): void {
    const n = this.stepCount;
    if (n === 0) return;
    const j = Math.max(0, Math.min(n - 1, i));
    if (j !== this.index || this.getAttribute("step") === null) this.setState({ step: j } as Partial<StateOf<S>>, true);
    if (j >= n - 1) this.stop();
  }

  /** Starts or stops playing (each step for playDelay of its narration, stopping at the last). */
  togglePlay(): void {
    if (this.timer !== undefined) {
      this.stop();
      return;
    }
    if (this.index >= this.stepCount - 1) this.go(0);
    this.schedule(playDelay(this.narrationEl.textContent ?? ""));
    this.labelPlay();
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      // The reader is on the narration: hold this step until the focus leaves it.
      if (this.shadowRoot?.activeElement === this.narrationEl) return this.schedule(500);
      if (this.index >= this.stepCount - 1) return this.stop();
      const j = this.index + 1;
      const next = this.steps[j];
      this.go(j);
      if (this.timer === undefined || next === undefined) return; // go() stopped at the last step
      this.schedule(playDelay(this.narrate(next, j, this.steps as Step[], this.state)));
    }, ms);
  }

  private stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.labelPlay();
  }

  private labelPlay(): void {
    const playing = this.timer !== undefined;
    this.buttons.play.textContent = playing ? this.t.pause : this.t.play;
    this.buttons.play.setAttribute("aria-pressed", String(playing));
  }

  protected override disconnected(): void {
    this.stop();
  }

  /**
   * Another parameter changed by the user. The step goes to the first step of the new steps, stays,
   * or goes to the last (to show a change's result at once, e.g. after adding a server).
   */
  protected change(partial: Partial<StateOf<S>>, where: "first" | "keep" | "last" = "first"): void {
    this.stop();
    if (where === "last") {
      this.toLast = true;
      this.setState(partial, false); // notified after render, when the last step is known
      return;
    }
    this.setState((where === "keep" ? partial : { ...partial, step: 0 }) as Partial<StateOf<S>>, true);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.composedPath()[0];
    // Keys typed into the widget's own inputs (a key name, a slider) are theirs, and so are the
    // arrows on a table that scrolls sideways (it has the focus: element.ts).
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLElement && target.classList.contains("table-wrap"))
    )
      return;
    const onButton = target instanceof HTMLButtonElement;
    switch (e.key) {
      case "ArrowRight":
      case "n":
      case "N":
        this.stop();
        this.go(this.index + 1);
        break;
      case "ArrowLeft":
      case "p":
      case "P":
        this.stop();
        this.go(this.index - 1);
        break;
      case "Home":
        this.stop();
        this.go(0);
        break;
      case "End":
        this.stop();
        this.go(this.stepCount - 1);
        break;
      case "k":
      case "K":
        this.togglePlay();
        break;
      case " ":
        if (onButton) return; // space presses the focused button
        this.togglePlay();
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}
