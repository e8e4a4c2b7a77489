// <ringlab-ring-stepper span="100" servers="A:10,B:30,C:50,D:80" hashes="5,20,38,50,77,95" step="0">
import type { Ringlab } from "ringlab";
import { h } from "../core/dom";
import type { Fmt } from "../core/format";
import type { Messages } from "../i18n/index";
import { num, nums, placed, stepIndex, type StateOf } from "../core/params";
import { smallRingSvg } from "../core/small-ring";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { ringSteps, type RingStep } from "../steps/ring";
import type { Owner } from "../steps/token-ring";

const spec = {
  step: stepIndex(),
  span: num(100),
  servers: placed([
    { name: "A", tokens: [10] },
    { name: "B", tokens: [30] },
    { name: "C", tokens: [50] },
    { name: "D", tokens: [80] },
  ]),
  hashes: nums([5, 20, 38, 50, 77, 95]),
};
type State = StateOf<typeof spec>;

export class RingStepper extends StepperElement<typeof spec, RingStep> {
  static override spec = spec;

  protected heading(): string {
    return this.t.ring.title(this.f.id(0), this.f.id(this.state.span - 1));
  }

  protected stepsOf(rl: Ringlab, state: State): RingStep[] {
    return ringSteps({ span: state.span, servers: state.servers, hashes: state.hashes }, rl);
  }

  protected draw(stage: HTMLDivElement, step: RingStep, _i: number, _steps: RingStep[], state: State): void {
    const t = this.t.ring;
    const revealed = step.kind === "intro" ? 0 : step.kind === "summary" ? step.owners.length : step.index;
    const svg = smallRingSvg({
      span: state.span,
      servers: state.servers,
      owners: step.owners,
      revealed,
      focus: step.kind === "key" ? step.index : -1,
      label: t.diagram(this.f.id(state.span - 1)),
      f: this.f,
    });
    stage.append(
      h("div", {}, svg),
      ownersTable(
        { t: this.t, f: this.f },
        step.owners,
        step.kind === "key" ? step.index : -1,
        step.kind === "intro" ? 0 : step.kind === "summary" ? step.owners.length : step.index + 1,
        state.servers.map((p) => p.name),
      ),
    );
  }

  protected narrate(step: RingStep, _i: number, _steps: RingStep[], state: State): string {
    const t = this.t.ring;
    const f = this.f;
    const names = state.servers.map((p) => p.name);
    if (step.kind === "intro") return t.intro(f.id(state.span - 1), f.int(names.length), f.int(step.owners.length));
    if (step.kind === "summary") return t.summary;
    const o = step.owners[step.index];
    if (!o) return "";
    return t.key(
      f.digitsIn(`k${step.index + 1}`),
      f.id(o.hash),
      names[o.server] ?? "",
      f.id(o.token),
      o.equal,
      o.wrapped,
      f.id(state.span - 1),
    );
  }
}

/** The owners as a table: the text alternative of the ring (shared by the ring steppers). */
export function ownersTable(
  w: { t: Messages; f: Fmt },
  owners: Owner[],
  focus: number,
  shown: number,
  names: string[],
  caption?: string,
  testid = "owners",
): HTMLDivElement {
  const t = w.t.ring;
  return table(
    caption ?? t.tableCaption,
    [w.t.key, w.t.hash, w.t.owner, ""],
    owners.map((o, k) => {
      const known = k < shown;
      return {
        cells: [
          w.f.digitsIn(`k${k + 1}`),
          w.f.id(o.hash),
          known ? serverLabel(names[o.server] ?? "", serverClass(o.server)) : "…",
          known ? (o.equal ? t.equalNote : o.wrapped ? t.wrapNote : "") : "",
        ],
        class: k === focus ? "now" : known ? "" : "dim",
        cellClass: [undefined, undefined, "l", "l"],
      };
    }),
    testid,
  );
}
