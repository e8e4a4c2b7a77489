// <ringlab-bounded-stepper servers="4" vnodes="3" keys="16" seed="16" epsilon="0.25" step="0">
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, stepIndex, type StateOf } from "../core/params";
import { ringDiagram } from "../core/ring-diagram";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { boundedSteps, type BoundedStep } from "../steps/bounded";

const spec = {
  step: stepIndex(),
  servers: num(4),
  vnodes: num(3),
  keys: num(16),
  seed: num(16),
  epsilon: num(0.25),
};
type State = StateOf<typeof spec>;
const TWO32 = 4294967296;

export class BoundedStepper extends StepperElement<typeof spec, BoundedStep> {
  static override spec = spec;
  private eps!: HTMLInputElement;
  private epsLabel!: HTMLSpanElement;

  protected heading(): string {
    return this.t.bounded.title;
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.eps = h("input", { type: "range", min: 0.05, max: 1, step: 0.05, "data-testid": "epsilon" });
    this.eps.addEventListener("input", () => this.change({ epsilon: Number(this.eps.value) }, "keep"));
    this.epsLabel = h("span");
    box.append(h("label", {}, this.epsLabel, this.eps));
  }

  protected override syncParams(state: State): void {
    this.epsLabel.textContent = this.t.bounded.epsilon(this.f.dec(state.epsilon, 2));
    if (this.shadowRoot?.activeElement !== this.eps) this.eps.value = String(state.epsilon);
    this.eps.setAttribute("aria-valuetext", this.f.dec(state.epsilon, 2));
  }

  protected stepsOf(rl: Ringlab, state: State): BoundedStep[] {
    return boundedSteps(
      { servers: state.servers, vnodes: state.vnodes, keys: state.keys, seed: state.seed, epsilon: state.epsilon },
      rl,
    );
  }

  protected draw(stage: HTMLDivElement, step: BoundedStep): void {
    const t = this.t.bounded;
    const f = this.f;
    const upto = step.kind === "intro" ? 0 : step.index + 1;
    // Loads after the keys placed so far: a tally of the module's placements.
    const loads = new Array<number>(step.names.length).fill(0);
    for (let k = 0; k < upto; k++) loads[step.placed[k] ?? 0]! += 1;
    const cur = step.kind === "key" ? step.index : -1;
    const ring = ringDiagram({
      span: TWO32,
      points: Array.from(step.tokens, (tok, k) => ({ pos: tok, server: step.pointServers[k] ?? 0 })),
      keys:
        cur >= 0
          ? [{ pos: step.hashes[cur] ?? 0, label: step.keys[cur] ?? "", server: step.placed[cur] ?? 0, emphasis: true }]
          : [],
      label: t.ringLabel(f.int(step.tokens.length)),
    });
    // Loads against capacities, as bars.
    const n = step.names.length;
    const capMax = Math.max(...step.capacities, 1);
    const bw = 300 / n;
    const chart = s("svg", {
      class: "diagram wide",
      viewBox: "0 0 320 150",
      role: "img",
      "aria-label": t.barsLabel,
      "data-testid": "loads",
    });
    step.names.forEach((name, i) => {
      const x = 10 + i * bw;
      const cap = step.capacities[i] ?? 0;
      const hgt = (v: number) => (v / capMax) * 110;
      chart.append(
        s("rect", {
          x: x + bw * 0.2,
          y: 120 - hgt(loads[i] ?? 0),
          width: bw * 0.6,
          height: hgt(loads[i] ?? 0),
          class: serverClass(i),
          rx: 2,
        }),
      );
      chart.append(
        s("line", { x1: x + bw * 0.1, x2: x + bw * 0.9, y1: 120 - hgt(cap), y2: 120 - hgt(cap), class: "bar-cap" }),
      );
      chart.append(s("text", { x: x + bw / 2, y: 136, "text-anchor": "middle" }, name));
      chart.append(
        s(
          "text",
          { x: x + bw / 2, y: 148, "text-anchor": "middle", class: "muted", style: "font-size:10px" },
          `${f.int(loads[i] ?? 0)}/${f.int(cap)}`,
        ),
      );
    });
    const rows = step.keys.map((key, k) => {
      const known = k < upto;
      const first = step.first[k] ?? 0;
      const placed = step.placed[k] ?? 0;
      return {
        cells: [
          key,
          serverLabel(step.names[first] ?? "", serverClass(first)),
          known ? serverLabel(step.names[placed] ?? "", serverClass(placed)) : "…",
          known ? f.int(step.walks[k] ?? 0) : "",
        ],
        class: k === cur ? "now" : known ? "" : "dim",
        cellClass: ["l", "l", "l", known && (step.walks[k] ?? 0) > 0 ? "moved" : undefined],
      };
    });
    stage.append(
      h("div", {}, ring, chart),
      table(t.caption(f.dec(this.state.epsilon, 2)), [this.t.key, t.first, t.placed, t.walk], rows, "placements"),
    );
  }

  protected narrate(step: BoundedStep, _i: number, _steps: BoundedStep[], state: State): string {
    const t = this.t.bounded;
    const f = this.f;
    if (step.kind === "intro")
      return t.intro(
        f.int(step.keys.length),
        f.int(step.names.length),
        f.dec(state.epsilon, 2),
        [...new Set(step.capacities)].map((c) => f.int(c)).join("/"),
      );
    if (step.kind === "done")
      return t.done(f.int(step.notFirstChoice), f.int(step.keys.length), f.int(step.longestWalk));
    const k = step.index;
    const first = step.names[step.first[k] ?? 0] ?? "";
    const placed = step.names[step.placed[k] ?? 0] ?? "";
    const walk = step.walks[k] ?? 0;
    return walk === 0 ? t.direct(step.keys[k] ?? "", placed) : t.walked(step.keys[k] ?? "", first, placed, f.int(walk));
  }
}
