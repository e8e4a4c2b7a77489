// <ringlab-clients-stepper servers-a="A,B,C" servers-b="A,B,C,D" key="" vnodes="100" seed="16" step="0">
// Both lists, the key, the virtual nodes and the seed of the sample keys are the reader's to change.
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { KEY_MOVES_CSS, keyMoves } from "../core/key-moves";
import { num, stepIndex, str, strs, type StateOf } from "../core/params";
import {
  ColorMemory,
  MotionWindow,
  movesLine,
  movesOf,
  nextLetter,
  numberField,
  ServerEditor,
  setField,
  textField,
  type Moves,
} from "../core/scenario";
import { StepperElement } from "../core/stepper";
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

type List = "servers-a" | "servers-b";

export class ClientsStepper extends StepperElement<typeof spec, ClientsStep> {
  static override spec = spec;
  private keyField!: ReturnType<typeof textField>;
  private vnodesField!: ReturnType<typeof numberField>;
  private seedField!: ReturnType<typeof numberField>;
  private editorA!: ServerEditor;
  private editorB!: ServerEditor;
  private moves: Moves | undefined;
  private readonly motion = new MotionWindow();
  private readonly memory = new ColorMemory();

  protected heading(): string {
    return this.t.clients.title;
  }

  protected override extraStyles(): string {
    return KEY_MOVES_CSS;
  }

  private edit(partial: Partial<State>, where: "first" | "last" = "last"): void {
    this.motion.begin();
    this.change(partial, where);
  }

  private editor(list: List): ServerEditor {
    const names = () => this.state[list];
    return new ServerEditor(() => this.shadowRoot, {
      testid: list,
      colors: this.memory,
      nextName: (n) => nextLetter([...n, ...this.state["servers-a"], ...this.state["servers-b"]]),
      add: (name) => this.edit({ [list]: [...names(), name] }),
      remove: (i) => this.edit({ [list]: names().filter((_, j) => j !== i) }),
      rename: (i, name) => {
        // The colour goes with the name, unless the other client still knows the old name.
        const old = names()[i] ?? "";
        const other = this.state[list === "servers-a" ? "servers-b" : "servers-a"];
        if (!other.includes(old)) this.memory.rename(old, name);
        this.edit({ [list]: names().map((x, j) => (j === i ? name : x)) });
      },
    });
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.keyField = textField("key", (v) => this.edit({ key: v.trim() }, "first"));
    this.vnodesField = numberField("vnodes", (v) => this.edit({ vnodes: v }), { min: 1, step: 1 });
    this.seedField = numberField("seed", (v) => this.edit({ seed: v }), { min: 0, step: 1 });
    this.editorA = this.editor("servers-a");
    this.editorB = this.editor("servers-b");
    box.append(this.keyField.el, this.editorA.el, this.editorB.el, this.vnodesField.el, this.seedField.el);
  }

  protected override syncParams(state: State): void {
    const t = this.t.clients;
    this.keyField.label.textContent = this.t.scenario.yourKey;
    this.vnodesField.label.textContent = t.vnodes;
    this.seedField.label.textContent = this.t.seed;
    setField(this.shadowRoot, this.keyField.input, state.key);
    setField(this.shadowRoot, this.vnodesField.input, Number.isFinite(state.vnodes) ? String(state.vnodes) : "");
    setField(this.shadowRoot, this.seedField.input, Number.isFinite(state.seed) ? String(state.seed) : "");
    this.editorA.sync(state["servers-a"], this.t, t.listA);
    this.editorB.sync(state["servers-b"], this.t, t.listB);
    this.keyField.note.textContent = "";
  }

  protected stepsOf(rl: Ringlab, state: State): ClientsStep[] {
    this.moves = undefined;
    const steps = clientsSteps(
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
    const first = steps[0];
    // The keys that change server when client 1 takes client 2's list, counted by the module.
    // Two clients' views are not a change over time with an expected share for a new server, so
    // the figure beside it is what no scheme can avoid: the keys one client sends to a server the
    // other does not know (they go to different servers whatever the placement).
    if (first) {
      const a = new Set(state["servers-a"]);
      const b = new Set(state["servers-b"]);
      this.moves = movesOf(rl, first.ownersA, first.ownersB, state["servers-a"], state["servers-b"]);
      this.moves.mustMove = first.ownersA.filter((o, k) => !b.has(o) || !a.has(first.ownersB[k] ?? "")).length;
    }
    return steps;
  }

  private all(state: State): string[] {
    const a = state["servers-a"];
    return [...a, ...state["servers-b"].filter((x) => !a.includes(x))];
  }

  protected draw(stage: HTMLDivElement, step: ClientsStep, i: number, _steps: ClientsStep[], state: State): void {
    const t = this.t.clients;
    const f = this.f;
    const all = this.all(state);
    const colors = this.memory.classes(all);
    const color = (name: string) => colors.get(name) ?? "";
    const animate = this.motion.on;
    this.keyField.note.textContent = t.keyNote(step.ownerA, step.ownerB);
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
    // The key, then the first sample keys on which the clients disagree (up to three) and agree:
    // each one's server by client 1 and by client 2.
    const sample = step.keys
      .map((key, k) => ({ key, before: step.ownersA[k] ?? "", after: step.ownersB[k] ?? "" }))
      .filter((r) => r.key !== step.key);
    const differ = sample.filter((r) => r.before !== r.after).slice(0, 3);
    const agree = sample.filter((r) => r.before === r.after).slice(0, 7 - differ.length);
    const few = [
      { key: step.key, before: step.ownerA, after: step.ownerB },
      ...sample.filter((r) => differ.includes(r) || agree.includes(r)),
    ];
    const below = h(
      "div",
      { class: "below" },
      h("p", { class: "note" }, t.movesLead),
      movesLine(this.t, f, this.moves, this.t.scenario.differ),
      keyMoves(
        few,
        colors,
        {
          caption: t.keysCaption,
          key: this.t.key,
          before: t.clientA,
          after: t.clientB,
          moved: t.differs,
          stayed: t.same,
          movedCol: t.sameCol,
        },
        animate,
        this.motion.elapsed,
      ),
    );
    stage.append(h("div", {}, svg), table(t.caption(step.key), [t.client, t.knows, t.sendsTo], rows, "owners"), below);
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
