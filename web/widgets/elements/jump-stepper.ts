// <ringlab-jump-stepper key="user:42" buckets="10" step="0">
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, stepIndex, str, type StateOf } from "../core/params";
import { StepperElement } from "../core/stepper";
import { table } from "../core/table";
import { jumpSteps, type JumpStep } from "../steps/jump";

const spec = {
  step: stepIndex(),
  key: str("user:42"),
  buckets: num(10),
};
type State = StateOf<typeof spec>;

export class JumpStepper extends StepperElement<typeof spec, JumpStep> {
  static override spec = spec;
  private keyInput!: HTMLInputElement;
  private bucketsInput!: HTMLInputElement;
  private keyLabel!: HTMLSpanElement;
  private bucketsLabel!: HTMLSpanElement;

  protected heading(): string {
    return this.t.jump.title;
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.keyInput = h("input", {
      type: "text",
      class: "wide",
      "data-testid": "key",
      spellcheck: "false",
      autocomplete: "off",
    });
    this.keyInput.addEventListener("change", () => this.change({ key: this.keyInput.value }));
    this.bucketsInput = h("input", { type: "number", class: "num", min: 1, "data-testid": "buckets" });
    this.bucketsInput.addEventListener("change", () => this.change({ buckets: Number(this.bucketsInput.value) }));
    this.keyLabel = h("span");
    this.bucketsLabel = h("span");
    box.append(h("label", {}, this.keyLabel, this.keyInput), h("label", {}, this.bucketsLabel, this.bucketsInput));
  }

  protected override syncParams(state: State): void {
    this.keyLabel.textContent = this.t.key;
    this.bucketsLabel.textContent = this.t.jump.buckets;
    if (this.shadowRoot?.activeElement !== this.keyInput) this.keyInput.value = state.key;
    if (this.shadowRoot?.activeElement !== this.bucketsInput) this.bucketsInput.value = String(state.buckets);
  }

  protected stepsOf(rl: Ringlab, state: State): JumpStep[] {
    return jumpSteps({ key: state.key, buckets: state.buckets }, rl);
  }

  protected draw(stage: HTMLDivElement, step: JumpStep, _i: number, _steps: JumpStep[], state: State): void {
    const t = this.t.jump;
    const f = this.f;
    const n = state.buckets;
    // Buckets on a line; beyond 40 the line is a scale and only the jumps' buckets are labelled.
    const w = 300;
    const x = (b: number) => 10 + ((b + 0.5) / Math.max(n, 1)) * w;
    const svg = s("svg", {
      class: "diagram wide",
      viewBox: "0 0 320 130",
      role: "img",
      "aria-label": t.diagram(f.int(n)),
      "data-testid": "jump-diagram",
    });
    const shown = step.kind === "intro" ? 0 : step.index + 1;
    const visited = new Set(step.jumps.slice(0, shown).map((j) => j.bucket));
    if (n <= 40) {
      for (let b = 0; b < n; b++) {
        const on = visited.has(b);
        const last = step.kind !== "intro" && step.jumps[step.index]?.bucket === b;
        svg.append(
          s("rect", {
            x: x(b) - w / n / 2 + 1,
            y: 80,
            width: w / n - 2,
            height: 22,
            rx: 3,
            class: on ? `s0${last ? " em" : ""}` : "cell",
            "fill-opacity": on ? (last ? 1 : 0.45) : 1,
          }),
        );
        svg.append(
          s(
            "text",
            { x: x(b), y: 120, "text-anchor": "middle", class: "muted", style: n > 20 ? "font-size:8px" : "" },
            f.id(b),
          ),
        );
      }
    } else {
      svg.append(s("line", { x1: 10, y1: 91, x2: 310, y2: 91, class: "axis", "stroke-width": 3 }));
      for (const b of visited) svg.append(s("circle", { cx: x(b), cy: 91, r: 5, class: "s0" }));
      svg.append(s("text", { x: 10, y: 120, class: "muted" }, f.id(0)));
      svg.append(s("text", { x: 310, y: 120, class: "muted", "text-anchor": "end" }, f.id(n - 1)));
    }
    step.jumps.slice(0, shown).forEach((j, k) => {
      const to = Math.min(j.next, n);
      const x1 = x(j.bucket);
      const x2 = j.next >= n ? 318 : x(to);
      const hgt = Math.min(70, 14 + Math.abs(x2 - x1) / 3);
      const past = j.next >= n;
      svg.append(
        s("path", {
          d: `M ${x1} 78 Q ${(x1 + x2) / 2} ${78 - hgt} ${x2} 78`,
          class: "walk s0",
          fill: "none",
          style: `stroke-width:2;${past ? "stroke-dasharray:4 3;stroke:var(--_bad)" : ""}`,
          opacity: k === step.index ? 1 : 0.5,
        }),
      );
      if (past && k === step.index)
        svg.append(
          s(
            "text",
            { x: 316, y: 70, "text-anchor": "end", style: "fill:var(--_bad)" },
            `j = ${f.id(j.next)} ≥ ${f.id(n)}`,
          ),
        );
    });
    const jumpsTable = table(
      t.jumpsCaption(state.key, f.id(step.hash)),
      ["#", t.bucket, t.keyAfter, t.next],
      step.jumps.map((j, k) => ({
        cells: [f.int(k + 1), f.id(j.bucket), k < shown ? f.id(j.key) : "…", k < shown ? f.id(j.next) : "…"],
        class: k === step.index && step.kind === "jump" ? "now" : k < shown ? "" : "dim",
      })),
      "jumps",
    );
    const right = h("div", {}, jumpsTable);
    if (step.kind === "grow") {
      right.append(
        table(
          t.growCaption(state.key),
          [t.bucketsCol, t.bucket, ""],
          step.growth.map((b, i) => ({
            cells: [f.int(i + 1), f.id(b), i > 0 && b !== step.growth[i - 1] ? t.jumpedNew : ""],
            class: i > 0 && b !== step.growth[i - 1] ? "now" : "",
            cellClass: [undefined, undefined, "l"],
          })),
          "growth",
        ),
      );
    }
    stage.append(h("div", {}, svg), right);
  }

  protected narrate(step: JumpStep, _i: number, _steps: JumpStep[], state: State): string {
    const t = this.t.jump;
    const f = this.f;
    if (step.kind === "intro") return t.intro(state.key, f.id(step.hash), f.int(state.buckets));
    if (step.kind === "grow") {
      const moves = step.growth.filter((b, i) => i > 0 && b !== step.growth[i - 1]).length;
      return t.grow(state.key, f.int(moves), f.int(step.growth.length));
    }
    const j = step.jumps[step.index];
    if (!j) return "";
    const last = j.next >= state.buckets;
    return t.jump(f.id(j.bucket), f.id(j.next), f.int(state.buckets), last);
  }
}
