// <ringlab-maglev-stepper backends="B0,B1,B2" table-size="13" key="user:42" step="0">
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, stepIndex, str, strs, type StateOf } from "../core/params";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { maglevSteps, type MaglevStep } from "../steps/maglev";

const spec = {
  step: stepIndex(),
  backends: strs(["B0", "B1", "B2"]),
  "table-size": num(13),
  key: str("user:42"),
};
type State = StateOf<typeof spec>;

export class MaglevStepper extends StepperElement<typeof spec, MaglevStep> {
  static override spec = spec;

  protected heading(): string {
    return this.t.maglev.title(this.f.int(this.state["table-size"]));
  }

  protected stepsOf(rl: Ringlab, state: State): MaglevStep[] {
    return maglevSteps({ backends: state.backends, tableSize: state["table-size"], key: state.key }, rl);
  }

  protected draw(stage: HTMLDivElement, step: MaglevStep): void {
    const t = this.t.maglev;
    const f = this.f;
    const M = step.table.length;
    const perRow = Math.min(M, 13);
    const rowsN = Math.ceil(M / perRow);
    const cw = 300 / perRow;
    const ch = Math.min(40, cw);
    const svg = s("svg", {
      class: "diagram wide",
      viewBox: `0 0 320 ${rowsN * (ch + 22) + 6}`,
      role: "img",
      "aria-label": t.diagram(f.int(M)),
      "data-testid": "maglev-table",
    });
    // Who holds each slot after the turns shown so far.
    const holder = new Map<number, number>();
    for (let k = 0; k <= step.turn; k++) holder.set(step.turns.slot[k] ?? 0, step.turns.backend[k] ?? 0);
    const current = step.kind === "turn" ? step.turns.slot[step.turn] : undefined;
    for (let slot = 0; slot < M; slot++) {
      const r = Math.floor(slot / perRow);
      const c = slot - r * perRow;
      const x = 10 + c * cw;
      const y = 4 + r * (ch + 22);
      const b = holder.get(slot);
      const looked = step.kind === "done" && slot === step.lookup.slot;
      svg.append(
        s("rect", {
          x: x + 1,
          y,
          width: cw - 2,
          height: ch,
          rx: 3,
          class: b === undefined ? "cell" : `${serverClass(b)}${slot === current || looked ? " em" : ""}`,
          "fill-opacity": b === undefined ? 1 : 0.85,
        }),
      );
      if (b !== undefined && cw > 16)
        svg.append(
          s(
            "text",
            { x: x + cw / 2, y: y + ch / 2 + 4, "text-anchor": "middle", class: "chip-text" },
            step.backends[b] ?? "",
          ),
        );
      if (cw > 14)
        svg.append(
          s(
            "text",
            { x: x + cw / 2, y: y + ch + 14, "text-anchor": "middle", class: "muted", style: "font-size:10px" },
            f.id(slot),
          ),
        );
    }
    const held = new Array<number>(step.backends.length).fill(0);
    for (const b of holder.values()) held[b] = (held[b] ?? 0) + 1;
    const rows = step.backends.map((name, b) => ({
      cells: [
        serverLabel(name, serverClass(b)),
        f.id(step.offsets[b] ?? 0),
        f.id(step.skips[b] ?? 0),
        f.int(step.kind === "done" ? (step.counts[b] ?? 0) : (held[b] ?? 0)),
      ],
      class: step.kind === "turn" && step.turns.backend[step.turn] === b ? "now" : "",
    }));
    const right = h(
      "div",
      {},
      table(t.backendsCaption(f.int(M)), [t.backend, "offset", "skip", t.slots], rows, "backends"),
    );
    if (step.kind === "done") {
      const l = step.lookup;
      right.append(
        h(
          "p",
          { "data-testid": "lookup" },
          t.lookup(l.key, f.id(l.hash), f.int(M), f.id(l.slot), step.backends[l.backend] ?? ""),
        ),
      );
    }
    stage.append(h("div", {}, svg), right);
  }

  protected narrate(step: MaglevStep): string {
    const t = this.t.maglev;
    const f = this.f;
    const M = step.table.length;
    if (step.kind === "intro") return t.intro(f.int(step.backends.length), f.int(M));
    if (step.kind === "done")
      return t.done(step.backends.map((b, i) => `${b} ${f.int(step.counts[i] ?? 0)}`).join(", "), f.int(M));
    const b = step.turns.backend[step.turn] ?? 0;
    const skipped = step.turns.skipped[step.turn] ?? 0;
    return t.turn(
      f.int(step.turn + 1),
      step.backends[b] ?? "",
      f.id(step.turns.slot[step.turn] ?? 0),
      f.int(skipped),
      skipped === 0,
    );
  }
}
