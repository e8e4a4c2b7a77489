// <ringlab-vnodes-stepper servers="10" keys="100000" seed="16" vnodes="1,2,5,10,20,50,100,200,500,1000"
//   weight="2" weight-vnodes="100" step="0">
import type { Ringlab } from "ringlab";
import { Charts, chart } from "../core/chart";
import { h } from "../core/dom";
import { num, nums, stepIndex, type StateOf } from "../core/params";
import { ringDiagram } from "../core/ring-diagram";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { vnodesSteps, type VnodesStep } from "../steps/vnodes";

const spec = {
  step: stepIndex(),
  servers: num(10),
  keys: num(100000),
  seed: num(16),
  vnodes: nums([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]),
  weight: num(2),
  "weight-vnodes": num(100),
};
type State = StateOf<typeof spec>;

const TWO32 = 4294967296;

export class VnodesStepper extends StepperElement<typeof spec, VnodesStep> {
  static override spec = spec;
  private readonly charts = new Charts();
  private slider!: HTMLInputElement;
  private sliderLabel!: HTMLSpanElement;

  protected heading(): string {
    return this.t.vnodes.title;
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.slider = h("input", { type: "range", min: 0, max: 0, step: 1, value: 0, "data-testid": "v-slider" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.sliderLabel = h("span");
    box.append(h("label", {}, this.sliderLabel, this.slider));
  }

  protected stepsOf(rl: Ringlab, state: State): VnodesStep[] {
    return vnodesSteps(
      {
        servers: state.servers,
        keys: state.keys,
        seed: state.seed,
        vnodes: state.vnodes,
        weight: state.weight,
        weightVnodes: state["weight-vnodes"],
      },
      rl,
    );
  }

  protected draw(stage: HTMLDivElement, step: VnodesStep, i: number, steps: VnodesStep[], state: State): void {
    const t = this.t.vnodes;
    const f = this.f;
    this.slider.max = String(steps.length - 1);
    this.slider.value = String(i);
    this.sliderLabel.textContent =
      step.kind === "weight" ? t.sliderWeight(f.num(state.weight), f.int(step.vnodes)) : t.slider(f.int(step.vnodes));
    this.slider.setAttribute("aria-valuetext", this.sliderLabel.textContent);
    const points = Array.from(step.tokens, (tok, k) => ({ pos: tok, server: step.owners[k] ?? 0 }));
    const ring = ringDiagram({
      span: TWO32,
      points,
      dense: true,
      label: t.diagram(f.int(points.length), f.int(state.servers)),
      center: t.center(f.int(points.length)),
    });
    const names = step.counts.map((_, k) => `S${k}`);
    const legend = h(
      "ul",
      { class: "legend" },
      names.slice(0, 16).map((n, k) => h("li", {}, serverLabel(n, serverClass(k)))),
    );
    this.charts.clear();
    const sweep = steps.filter((s) => s.kind === "sweep");
    const vs = sweep.map((s) => s.vnodes);
    const measured = new Map(step.history.map((r) => [r.vnodes, r.sdOverMean]));
    const sdChart = this.charts.add(
      chart(this, {
        title: t.sdTitle(f.int(state.servers)),
        testid: "chart-sd",
        x: vs,
        xLog: true,
        series: [
          { label: t.theory, values: sweep.map((s) => s.theory), color: "--_muted", dash: [6, 4] },
          { label: t.measured, values: vs.map((v) => measured.get(v) ?? null), color: "--_s1", kind: "points" },
        ],
        xTitle: "V",
        xFmt: (v) => f.num(v, 0),
        yFmt: (v) => f.pct(v, 0),
        table: {
          caption: t.sdTable,
          headers: ["V", t.measured, t.theory],
          rows: step.history.map((r) => ({ cells: [f.int(r.vnodes), f.pct(r.sdOverMean), f.pct(r.theory)] })),
        },
      }),
    );
    const loadChart = this.charts.add(
      chart(this, {
        title: step.kind === "weight" ? t.loadWeightTitle(f.num(state.weight)) : t.loadTitle(f.int(step.vnodes)),
        testid: "chart-load",
        x: names.map((_, k) => k),
        categories: names,
        series: [{ label: t.keys, values: step.counts, color: "--_accent", kind: "bars" }],
        xFmt: (v) => f.num(v),
        yFmt: (v) => f.int(v),
        height: 180,
        table: {
          caption: t.loadTable,
          headers: [this.t.server, t.points, t.keys],
          rows: names.map((n, k) => ({ cells: [n, f.int(step.points[k] ?? 0), f.int(step.counts[k] ?? 0)] })),
        },
      }),
    );
    const rows = sweep.map((s) => ({
      cells: [
        f.int(s.vnodes),
        f.int(s.tokens.length),
        f.int(s.min),
        f.int(s.max),
        f.dec(s.maxOverMean, 2),
        f.pct(s.sdOverMean),
        f.pct(s.theory),
      ],
      class: s === step ? "now" : "",
    }));
    const w = steps[steps.length - 1];
    if (w && w.kind === "weight") {
      rows.push({
        cells: [
          t.weightRow(f.num(state.weight), f.int(w.vnodes)),
          f.int(w.tokens.length),
          f.int(w.min),
          f.int(w.max),
          f.dec(w.maxOverMean, 2),
          f.pct(w.sdOverMean),
          "—",
        ],
        class: w === step ? "now" : "",
      });
    }
    stage.append(
      h("div", {}, ring, legend),
      h("div", {}, sdChart, loadChart),
      h(
        "div",
        { style: "grid-column: 1 / -1" },
        table(
          t.tableCaption(f.int(state.servers), f.int(state.keys)),
          ["V", t.points, "min", "max", "max/mean", "sd/mean", t.theory],
          rows,
          "sweep-table",
        ),
      ),
    );
  }

  protected narrate(step: VnodesStep, _i: number, _steps: VnodesStep[], state: State): string {
    const t = this.t.vnodes;
    const f = this.f;
    if (step.kind === "weight") {
      const total = step.counts.reduce((a, b) => a + b, 0);
      return t.weight(
        f.num(state.weight),
        f.int(step.points[0] ?? 0),
        f.int(step.points[1] ?? 0),
        f.pct((step.counts[0] ?? 0) / total),
        f.pct((step.counts[1] ?? 0) / total),
      );
    }
    return t.step(
      f.int(step.vnodes),
      f.int(step.tokens.length),
      f.dec(step.maxOverMean, 2),
      f.pct(step.sdOverMean),
      f.pct(step.theory),
    );
  }

  protected override disconnected(): void {
    super.disconnected();
    this.charts.clear();
  }
}
