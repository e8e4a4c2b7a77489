// <ringlab-modn-stepper hashes="5,20,38,50,77,95" servers="A,B,C,D,E" from="4" to="5" step="0">
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, nums, stepIndex, strs, type StateOf } from "../core/params";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { modNSteps, type ModNStep } from "../steps/modn";

const spec = {
  step: stepIndex(),
  hashes: nums([5, 20, 38, 50, 77, 95]),
  servers: strs(["A", "B", "C", "D", "E"]),
  from: num(4),
  to: num(5),
};
type State = StateOf<typeof spec>;

export class ModNStepper extends StepperElement<typeof spec, ModNStep> {
  static override spec = spec;

  protected heading(): string {
    return this.t.modn.title(this.f.int(this.state.from), this.f.int(this.state.to));
  }

  private name(state: State, i: number): string {
    return state.servers[i] ?? `#${i}`;
  }

  protected stepsOf(rl: Ringlab, state: State): ModNStep[] {
    return modNSteps({ hashes: state.hashes, from: state.from, to: state.to }, rl);
  }

  protected draw(stage: HTMLDivElement, step: ModNStep, _i: number, _steps: ModNStep[], state: State): void {
    const t = this.t.modn;
    const f = this.f;
    const cols = Math.max(state.from, state.to);
    const revealed = step.kind === "intro" ? 0 : step.kind === "summary" ? step.rows.length : step.index + 1;
    const colW = 300 / cols;
    const chipH = 17;
    // Stack keys per column; the tallest column sets the band height.
    const stack = (band: "before" | "after", upto: number) => {
      const pos = new Map<number, number>();
      const seen = new Map<number, number>();
      step.rows.forEach((r, k) => {
        if (k >= upto) return;
        const c = r[band];
        const n = seen.get(c) ?? 0;
        seen.set(c, n + 1);
        pos.set(k, n);
      });
      return { pos, depth: Math.max(1, ...seen.values()) };
    };
    const top = stack("before", step.rows.length);
    const bottom = stack("after", revealed);
    const depth = Math.max(top.depth, stack("after", step.rows.length).depth);
    const bandH = depth * (chipH + 4) + 26;
    const y1 = 4;
    const y2 = y1 + bandH + 34;
    const height = y2 + bandH + 4;
    const svg = s("svg", {
      class: "diagram wide",
      viewBox: `0 0 320 ${height}`,
      role: "img",
      "aria-label": t.diagram(f.int(state.from), f.int(state.to)),
      "data-testid": "modn-diagram",
    });
    const band = (y: number, n: number, label: string) => {
      svg.append(s("text", { x: 2, y: y + 12, class: "muted" }, label));
      for (let c = 0; c < cols; c++) {
        const x = 10 + c * colW;
        const active = c < n;
        svg.append(
          s("rect", {
            x: x + 2,
            y: y + 16,
            width: colW - 4,
            height: bandH - 18,
            rx: 6,
            class: "cell",
            opacity: active ? 1 : 0.35,
          }),
        );
        svg.append(
          s(
            "text",
            {
              x: x + colW / 2,
              y: y + bandH + 10,
              "text-anchor": "middle",
              "font-weight": 700,
              opacity: active ? 1 : 0.4,
            },
            this.name(state, c),
          ),
        );
      }
    };
    band(y1, state.from, t.band(f.int(state.from)));
    band(y2, state.to, t.band(f.int(state.to)));
    // Lines under the chips: a group appended before any chip.
    const lines = s("g", {});
    svg.append(lines);
    const chipAt = (y: number, col: number, row: number) => [10 + col * colW + 6, y + 20 + row * (chipH + 4)] as const;
    step.rows.forEach((r, k) => {
      const [x, y] = chipAt(y1, r.before, top.pos.get(k) ?? 0);
      const now = step.kind === "key" && k === step.index;
      const label = `${f.digitsIn(`k${k + 1}`)}·${f.id(r.hash)}`;
      svg.append(
        s("rect", {
          x,
          y,
          width: colW - 12,
          height: chipH,
          rx: 4,
          class: `${serverClass(r.before)}${now ? " em" : ""}`,
          opacity: 0.9,
        }),
      );
      svg.append(s("text", { x: x + 4, y: y + 12.5, class: "chip-text" }, label));
      if (k < revealed) {
        const [x2, yb] = chipAt(y2, r.after, bottom.pos.get(k) ?? 0);
        const moved = r.before !== r.after;
        lines.append(
          s("line", {
            x1: x + (colW - 12) / 2,
            y1: y + chipH,
            x2: x2 + (colW - 12) / 2,
            y2: yb,
            class: moved ? "arc-moved" : "axis",
            style: moved ? "stroke:var(--_bad);stroke-width:2" : "stroke-width:2",
            opacity: now || step.kind === "summary" ? 1 : 0.5,
          }),
        );
        svg.append(
          s("rect", {
            x: x2,
            y: yb,
            width: colW - 12,
            height: chipH,
            rx: 4,
            class: `${serverClass(r.after)}${now ? " em" : ""}`,
          }),
        );
        svg.append(s("text", { x: x2 + 4, y: yb + 12.5, class: "chip-text" }, label));
      }
    });
    const rows = step.rows.map((r, k) => {
      const shown = k < revealed;
      const moved = r.before !== r.after;
      return {
        cells: [
          f.digitsIn(`k${k + 1}`),
          f.id(r.hash),
          h("span", {}, `${f.id(r.before)} `, serverLabel(this.name(state, r.before), serverClass(r.before))),
          shown
            ? h("span", {}, `${f.id(r.after)} `, serverLabel(this.name(state, r.after), serverClass(r.after)))
            : "…",
          shown ? (moved ? t.moved : t.stayed) : "",
        ],
        class: step.kind === "key" && k === step.index ? "now" : shown ? "" : "dim",
        cellClass: [undefined, undefined, undefined, undefined, shown ? (moved ? "moved" : "kept") : undefined],
      };
    });
    stage.append(
      h("div", {}, svg),
      table(
        t.tableCaption(f.int(state.from), f.int(state.to)),
        [this.t.key, this.t.hash, `mod ${f.int(state.from)}`, `mod ${f.int(state.to)}`, ""],
        rows,
        "owners",
      ),
    );
  }

  protected narrate(step: ModNStep, _i: number, _steps: ModNStep[], state: State): string {
    const t = this.t.modn;
    const f = this.f;
    if (step.kind === "intro")
      return t.intro(f.int(step.rows.length), f.int(state.from), this.name(state, 0), this.name(state, state.from - 1));
    if (step.kind === "key") {
      const r = step.rows[step.index];
      if (!r) return "";
      return t.key(
        f.digitsIn(`k${step.index + 1}`),
        f.id(r.hash),
        f.int(state.from),
        f.id(r.before),
        this.name(state, r.before),
        f.int(state.to),
        f.id(r.after),
        this.name(state, r.after),
        r.before !== r.after,
      );
    }
    const newNames = Array.from({ length: Math.max(0, state.to - state.from) }, (_, i) =>
      this.name(state, state.from + i),
    ).join(", ");
    return t.summary(
      f.int(step.moved),
      f.int(step.rows.length),
      f.int(step.movedToNew),
      newNames,
      f.pct(1 - step.keptFraction),
      f.pct(step.minimumMoved),
    );
  }
}
