// <ringlab-hotkey-stepper servers="10" keys="1000" requests="100000" s="1" seed="16" vnodes="100"
//   more-vnodes="1000" copies="4" step="0">
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, stepIndex, type StateOf } from "../core/params";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { table } from "../core/table";
import { hotkeySteps, type HotkeyStep } from "../steps/hotkey";

const spec = {
  step: stepIndex(),
  servers: num(10),
  keys: num(1000),
  requests: num(100000),
  s: num(1),
  seed: num(16),
  vnodes: num(100),
  "more-vnodes": num(1000),
  copies: num(4),
};
type State = StateOf<typeof spec>;

export class HotkeyStepper extends StepperElement<typeof spec, HotkeyStep> {
  static override spec = spec;

  protected heading(): string {
    return this.t.hotkey.title;
  }

  protected stepsOf(rl: Ringlab, state: State): HotkeyStep[] {
    return hotkeySteps(
      {
        servers: state.servers,
        keys: state.keys,
        requests: state.requests,
        s: state.s,
        seed: state.seed,
        vnodes: state.vnodes,
        moreVnodes: state["more-vnodes"],
        copies: state.copies,
      },
      rl,
    );
  }

  protected draw(stage: HTMLDivElement, step: HotkeyStep, _i: number, steps: HotkeyStep[]): void {
    const t = this.t.hotkey;
    const f = this.f;
    const counts = step.requestsPerServer;
    // One scale for every step, so the bars compare across steps.
    const top = Math.max(1, ...steps.flatMap((x) => x.requestsPerServer));
    const n = counts.length;
    const bw = 300 / n;
    const svg = s("svg", {
      class: "diagram wide",
      viewBox: "0 0 320 170",
      role: "img",
      "aria-label": t.diagram,
      "data-testid": "requests",
    });
    counts.forEach((c, i) => {
      const hgt = (c / top) * 130;
      const x = 10 + i * bw;
      svg.append(
        s("rect", {
          x: x + bw * 0.15,
          y: 140 - hgt,
          width: bw * 0.7,
          height: hgt,
          rx: 2,
          class: `${serverClass(i)}${i === step.hottestServer ? " em" : ""}`,
        }),
      );
      if (n <= 16)
        svg.append(s("text", { x: x + bw / 2, y: 156, "text-anchor": "middle", style: "font-size:10px" }, `S${i}`));
    });
    const rows = steps.map((x) => ({
      cells: [
        t.kinds[x.kind],
        f.num(x.s, 2),
        f.int(x.vnodes),
        f.int(x.copies),
        f.int(x.hottestKeyRequests),
        `S${x.hottestServer}`,
        f.times(x.maxOverMean, 2),
      ],
      class: x === step ? "now" : "",
      cellClass: ["l"],
    }));
    stage.append(
      h("div", {}, svg),
      table(
        t.caption(f.int(this.state.requests), f.int(this.state.keys)),
        ["", "s", "V", t.copies, t.hottest, t.busiest, "max/mean"],
        rows,
        "hotkey-table",
      ),
    );
  }

  protected narrate(step: HotkeyStep, _i: number, _steps: HotkeyStep[], state: State): string {
    const t = this.t.hotkey;
    const f = this.f;
    const share = f.pct(step.hottestKeyRequests / state.requests);
    switch (step.kind) {
      case "uniform":
        return t.uniform(f.int(state.requests), f.int(state.keys), f.times(step.maxOverMean, 2));
      case "zipf":
        return t.zipf(f.num(step.s, 2), share, `S${step.hottestServer}`, f.times(step.maxOverMean, 2));
      case "more-vnodes":
        return t.more(f.int(step.vnodes), f.times(step.maxOverMean, 2));
      case "copies":
        return t.copies_(f.int(step.copies), f.times(step.maxOverMean, 2));
    }
  }
}
