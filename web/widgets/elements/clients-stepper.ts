// <ringlab-clients-stepper servers-a="A,B,C" servers-b="A,B,C,D" key="" vnodes="100" seed="16" step="0">
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, stepIndex, str, strs, type StateOf } from "../core/params";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { clientsSteps, type ClientsStep } from "../steps/clients";

const spec = {
  step: stepIndex(),
  "servers-a": strs(["A", "B", "C"]),
  "servers-b": strs(["A", "B", "C", "D"]),
  key: str(""),
  vnodes: num(100),
  seed: num(16),
};
type State = StateOf<typeof spec>;

export class ClientsStepper extends StepperElement<typeof spec, ClientsStep> {
  static override spec = spec;

  protected heading(): string {
    return this.t.clients.title;
  }

  protected stepsOf(rl: Ringlab, state: State): ClientsStep[] {
    return clientsSteps(
      {
        a: state["servers-a"],
        b: state["servers-b"],
        key: state.key,
        vnodes: state.vnodes,
        seed: state.seed,
        sample: 10000,
      },
      rl,
    );
  }

  private all(state: State): string[] {
    const a = state["servers-a"];
    return [...a, ...state["servers-b"].filter((x) => !a.includes(x))];
  }

  protected draw(stage: HTMLDivElement, step: ClientsStep, i: number, _steps: ClientsStep[], state: State): void {
    const t = this.t.clients;
    const all = this.all(state);
    const color = (name: string) => serverClass(all.indexOf(name));
    const svg = s("svg", {
      class: "diagram wide",
      viewBox: "0 0 320 190",
      role: "img",
      "aria-label": t.diagram,
      "data-testid": "clients-diagram",
    });
    const sw = 300 / all.length;
    all.forEach((name, k) => {
      const x = 10 + k * sw + sw / 2;
      const hit = (i >= 1 && name === step.ownerA) || (i >= 2 && name === step.ownerB);
      svg.append(
        s("rect", {
          x: x - 22,
          y: 140,
          width: 44,
          height: 34,
          rx: 6,
          class: `${color(name)}${hit ? " em" : ""}`,
          "fill-opacity": hit ? 0.9 : 0.3,
        }),
      );
      svg.append(s("text", { x, y: 162, "text-anchor": "middle", "font-weight": 700 }, name));
    });
    const client = (x: number, label: string, knows: string[], owner: string, show: boolean, dash: boolean) => {
      svg.append(s("rect", { x: x - 60, y: 8, width: 120, height: 44, rx: 8, class: "cell" }));
      svg.append(s("text", { x, y: 26, "text-anchor": "middle", "font-weight": 700 }, label));
      svg.append(s("text", { x, y: 43, "text-anchor": "middle", class: "muted" }, knows.join(" ")));
      if (show) {
        const tx = 10 + all.indexOf(owner) * sw + sw / 2;
        svg.append(
          s("path", {
            d: `M ${x} 54 C ${x} 100 ${tx} 90 ${tx} 138`,
            class: `walk ${color(owner)}`,
            style: `stroke-width:3${dash ? ";stroke-dasharray:6 4" : ""}`,
          }),
        );
      }
    };
    client(85, t.clientA, state["servers-a"], step.ownerA, i >= 1, false);
    client(235, t.clientB, state["servers-b"], step.ownerB, i >= 2, true);
    svg.append(s("text", { x: 160, y: 80, "text-anchor": "middle", "font-weight": 700 }, step.key));
    const rows = [
      {
        cells: [t.clientA, state["servers-a"].join(", "), i >= 1 ? serverLabel(step.ownerA, color(step.ownerA)) : "…"],
        class: i === 1 ? "now" : "",
        cellClass: ["l", "l", "l"],
      },
      {
        cells: [t.clientB, state["servers-b"].join(", "), i >= 2 ? serverLabel(step.ownerB, color(step.ownerB)) : "…"],
        class: i === 2 ? "now" : "",
        cellClass: ["l", "l", "l"],
      },
    ];
    stage.append(h("div", {}, svg), table(t.caption(step.key), [t.client, t.knows, t.sendsTo], rows, "owners"));
  }

  protected narrate(step: ClientsStep, _i: number, _steps: ClientsStep[], state: State): string {
    const t = this.t.clients;
    const f = this.f;
    switch (step.kind) {
      case "lists":
        return t.lists(state["servers-a"].join(", "), state["servers-b"].join(", "));
      case "client-a":
        return t.a(step.key, step.ownerA);
      case "client-b":
        return step.ownerA === step.ownerB ? t.bSame(step.key, step.ownerB) : t.b(step.key, step.ownerB, step.ownerA);
      case "summary":
        return t.summary(
          f.int(step.disagree),
          f.int(step.sample),
          f.pct(step.sample ? step.disagree / step.sample : 0),
        );
    }
  }
}
