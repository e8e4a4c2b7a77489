// <ringlab-bounded-stepper servers="S0,S1,S2,S3" vnodes="3" keys="16" seed="16" epsilon="0.25" key="" before="" step="0">
// `before` is the server list before the reader's last add or remove (empty: none), so a link or a
// reload shows the same moved keys; a new V, key count, seed or ε starts afresh.
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, stepIndex, str, strs, type StateOf } from "../core/params";
import { drawPointLabels } from "../core/point-labels";
import { ringDiagram, type RingKey } from "../core/ring-diagram";
import {
  colorSlots,
  movesLine,
  movesOf,
  nameListEdits,
  nextName,
  numberField,
  reducedMotion,
  ServerEditor,
  setField,
  textField,
  type Moves,
} from "../core/scenario";
import { serverNames } from "../core/server-names";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { boundedKeys, boundedSteps, placeAll, type BoundedStep, type Placement } from "../steps/bounded";

const spec = {
  step: stepIndex(),
  servers: serverNames(4),
  vnodes: num(3),
  keys: num(16),
  seed: num(16),
  epsilon: num(0.25),
  key: str(""),
  /** The servers before the last add or remove (empty: no change to show). */
  before: strs([]),
};
type State = StateOf<typeof spec>;
const TWO32 = 4294967296;

/** What moved between the servers before and now, computed once per scenario. */
interface Change {
  id: string;
  moves: { m: Moves; before: Placement };
}

const styles = `
thead th { white-space: normal; vertical-align: bottom; }
td .was { color: var(--_muted); font-weight: 400; font-size: 0.8rem; margin-left: 0.3rem; }
.eps { display: flex; flex-direction: column; gap: 0.15rem; font-size: 0.875rem; color: var(--_muted); max-width: 22rem; }
.eps strong { color: var(--_fg); }
svg text.point-label { font-size: 11px; }
svg .leader { stroke: var(--_muted); stroke-width: 0.75; }
@media (max-width: 640px) {
  table { font-size: 0.8rem; }
  th, td { padding: 0.2rem 0.25rem; }
}
`;

export class BoundedStepper extends StepperElement<typeof spec, BoundedStep> {
  static override spec = spec;
  private eps!: HTMLInputElement;
  private epsLabel!: HTMLSpanElement;
  private epsNote!: HTMLSpanElement;
  private key!: ReturnType<typeof textField>;
  private nums!: Record<"vnodes" | "keys" | "seed", ReturnType<typeof numberField>>;
  private editor!: ServerEditor;
  private computed: Change | undefined;
  private animateNext = false;

  protected override extraStyles(): string {
    return styles;
  }

  protected heading(): string {
    return this.t.bounded.title;
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.key = textField("key", (key) => this.change({ key: key.trim() }, "last"));
    this.eps = h("input", { type: "range", min: 0.05, max: 1, step: 0.05, "data-testid": "epsilon" });
    this.eps.addEventListener("input", () => this.change({ epsilon: Number(this.eps.value), before: [] }, "keep"));
    this.epsLabel = h("span");
    this.epsNote = h("span", { class: "note", "data-testid": "epsilon-note" });
    this.nums = {
      vnodes: numberField("vnodes", (v) => this.change({ vnodes: v, before: [] }), { min: 1, step: 1 }),
      keys: numberField("keys", (v) => this.change({ keys: v, before: [] }), { min: 1, step: 1 }),
      seed: numberField("seed", (v) => this.change({ seed: v, before: [] }), { step: 1 }),
    };
    this.editor = new ServerEditor(() => this.shadowRoot, {
      nextName: (names) => nextName("S", names),
      ...nameListEdits(
        () => ({ now: this.state.servers, before: this.state.before }),
        (to) => this.changeServers(to),
        (servers, before) => this.change({ servers, before }, "last"),
      ),
    });
    box.append(
      this.key.el,
      h("label", { class: "eps" }, this.epsLabel, this.eps, this.epsNote),
      this.nums.vnodes.el,
      this.nums.keys.el,
      this.nums.seed.el,
      this.editor.el,
    );
  }

  private changeServers(to: string[]): void {
    this.animateNext = true;
    this.change({ servers: to, before: this.state.servers }, "last");
  }

  protected override syncParams(state: State): void {
    const t = this.t.bounded;
    const f = this.f;
    this.key.label.textContent = t.yourKey;
    setField(this.shadowRoot, this.key.input, state.key);
    this.epsLabel.textContent = t.epsilon(f.dec(state.epsilon, 2));
    setField(this.shadowRoot, this.eps, String(state.epsilon));
    this.eps.setAttribute("aria-valuetext", f.dec(state.epsilon, 2));
    this.nums.vnodes.label.textContent = t.vnodes;
    this.nums.keys.label.textContent = t.keys;
    this.nums.seed.label.textContent = this.t.seed;
    setField(this.shadowRoot, this.nums.vnodes.input, String(state.vnodes));
    setField(this.shadowRoot, this.nums.keys.input, String(state.keys));
    setField(this.shadowRoot, this.nums.seed.input, String(state.seed));
    this.editor.sync(state.servers, this.t);
  }

  protected stepsOf(rl: Ringlab, state: State): BoundedStep[] {
    return boundedSteps(
      {
        servers: state.servers,
        vnodes: state.vnodes,
        keys: state.keys,
        seed: state.seed,
        epsilon: state.epsilon,
        key: state.key,
      },
      rl,
    );
  }

  /** What moved between the servers before the reader's last change and now (from the address). */
  private movesNow(state: State): Change["moves"] | undefined {
    const rl = this.rl;
    if (!rl || state.before.length === 0) return undefined;
    const id = JSON.stringify([
      state.before,
      state.servers,
      state.vnodes,
      state.keys,
      state.seed,
      state.epsilon,
      state.key,
    ]);
    if (this.computed?.id !== id) {
      const keys = boundedKeys(rl, state);
      const before = placeAll(rl, state.before, state.vnodes, keys, state.epsilon);
      const after = placeAll(rl, state.servers, state.vnodes, keys, state.epsilon);
      const b = Array.from(before.placed, (x) => before.names[x] ?? "");
      const a = Array.from(after.placed, (x) => after.names[x] ?? "");
      this.computed = { id, moves: { m: movesOf(rl, b, a, before.names), before } };
    }
    return this.computed.moves;
  }

  /** The capacity, and the ε at which it next changes: why small moves of ε may change nothing. */
  private epsilonNote(step: BoundedStep, state: State): string {
    const f = this.f;
    const m = step.keys.length;
    const n = step.names.length;
    const cap = step.capacities[0] ?? 0;
    const steps: string[] = [];
    for (let c = Math.floor(m / n) + 1; steps.length < 6; c++) {
      const e = (c * n) / m - 1;
      if (e > 1 + 1e-9) break;
      if (e > 1e-9) steps.push(f.dec(e, 2));
    }
    return this.t.bounded.epsilonNote(f.int(m), f.int(n), f.dec(state.epsilon, 2), f.int(cap), steps.join(", "));
  }

  protected draw(stage: HTMLDivElement, step: BoundedStep, _i: number, _steps: BoundedStep[], state: State): void {
    const t = this.t.bounded;
    const f = this.f;
    const moves = this.movesNow(state);
    const animate = this.animateNext && !reducedMotion();
    // Going to the last step renders twice in a row: both draws of this change play the move.
    if (animate) setTimeout(() => (this.animateNext = false), 0);
    this.epsNote.textContent = this.epsilonNote(step, state);
    const colors = colorSlots(step.names);
    const cls = (server: number) => serverClass(colors[server] ?? 0);
    const oldColors = moves ? colorSlots(moves.before.names) : [];
    const upto = step.kind === "intro" ? 0 : step.index + 1;
    // Loads after the keys placed so far: a tally of the module's placements.
    const loads = new Array<number>(step.names.length).fill(0);
    for (let k = 0; k < upto; k++) loads[step.placed[k] ?? 0]! += 1;
    // The key whose walk is drawn: the current one, or at the end the reader's own.
    const cur = step.kind === "key" ? step.index : step.kind === "done" ? step.own : -1;
    const P = step.tokens.length;
    const walkPoints = new Set<number>();
    if (cur >= 0) for (let j = 0; j <= (step.walks[cur] ?? 0); j++) walkPoints.add(((step.start[cur] ?? 0) + j) % P);
    const keys: RingKey[] = [];
    for (let k = 0; k < upto; k++) {
      if (k === cur) continue;
      keys.push(this.ringKey(step, k, "", colors, moves, oldColors));
    }
    if (cur >= 0)
      keys.push({ ...this.ringKey(step, cur, step.keys[cur] ?? "", colors, moves, oldColors), emphasis: true });
    const ring = ringDiagram({
      span: TWO32,
      points: Array.from(step.tokens, (tok, k) => ({
        pos: tok,
        server: colors[step.pointServers[k] ?? 0] ?? 0,
        emphasis: walkPoints.has(k),
        dim: cur >= 0 && !walkPoints.has(k),
      })),
      keys,
      arcs:
        cur >= 0
          ? [
              {
                from: step.hashes[cur] ?? 0,
                to: step.tokens[step.landed[cur] ?? 0] ?? 0,
                server: colors[step.placed[cur] ?? 0] ?? 0,
                kind: "walk" as const,
              },
            ]
          : [],
      label: t.ringLabel(f.int(P)),
      animate,
    });
    this.labelPoints(ring, step);
    // Loads against capacities, as bars.
    const n = step.names.length;
    const capMax = Math.max(...step.capacities, 1);
    const bw = 300 / Math.max(1, n);
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
          class: cls(i),
          rx: 2,
        }),
        s("line", { x1: x + bw * 0.1, x2: x + bw * 0.9, y1: 120 - hgt(cap), y2: 120 - hgt(cap), class: "bar-cap" }),
      );
      if (n <= 16)
        chart.append(
          s("text", { x: x + bw / 2, y: 136, "text-anchor": "middle" }, name),
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
      const moved = known && moves?.m.moved[k];
      const placedCell = known ? serverLabel(step.names[placed] ?? "", cls(placed)) : "…";
      if (moved && typeof placedCell !== "string") {
        const before = moves.before;
        placedCell.append(h("span", { class: "was" }, t.was(before.names[before.placed[k] ?? 0] ?? "")));
      }
      return {
        cells: [
          k === step.own ? h("span", {}, key, " ★") : key,
          serverLabel(step.names[first] ?? "", cls(first)),
          placedCell,
          known ? f.int(step.walks[k] ?? 0) : "",
        ],
        class: k === cur ? "now" : known ? "" : "dim",
        cellClass: ["l", "l", moved ? "l moved" : "l", known && (step.walks[k] ?? 0) > 0 ? "moved" : undefined],
      };
    });
    const wrap = table(t.caption(f.dec(state.epsilon, 2)), [this.t.key, t.first, t.placed, t.walk], rows, "placements");
    // Moved rows carry a marker the tests (and assistive technology) can read.
    if (moves)
      wrap.querySelectorAll("tbody tr").forEach((tr, k) => {
        if (moves.m.moved[k] && k < upto) tr.setAttribute("data-moved", "");
      });
    stage.append(h("div", {}, ring, chart), h("div", {}, wrap, movesLine(this.t, f, moves?.m)));
  }

  private ringKey(
    step: BoundedStep,
    k: number,
    label: string,
    colors: number[],
    moves: Change["moves"] | undefined,
    oldColors: number[],
  ): RingKey {
    const placed = step.placed[k] ?? 0;
    const key: RingKey = { pos: step.hashes[k] ?? 0, label, server: colors[placed] ?? 0 };
    if (moves?.m.moved[k]) {
      const b = moves.before;
      key.moved = {
        from: b.tokens[b.landed[k] ?? 0] ?? 0,
        to: step.tokens[step.landed[k] ?? 0] ?? 0,
        was: oldColors[b.placed[k] ?? 0] ?? 0,
      };
    }
    return key;
  }

  /** Each point's server name beside it; names of close points move apart (leader lines back). */
  private labelPoints(svg: SVGSVGElement, step: BoundedStep): void {
    drawPointLabels(
      svg,
      Array.from(step.tokens, (tok, k) => ({
        angle: (tok / TWO32) * 2 * Math.PI,
        text: step.names[step.pointServers[k] ?? 0] ?? "",
      })),
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
    const walkOf = (k: number) => {
      const first = step.names[step.first[k] ?? 0] ?? "";
      const placed = step.names[step.placed[k] ?? 0] ?? "";
      const walk = step.walks[k] ?? 0;
      return walk === 0
        ? t.direct(step.keys[k] ?? "", placed)
        : t.walked(step.keys[k] ?? "", first, placed, f.int(walk));
    };
    if (step.kind === "done") {
      const done = t.done(f.int(step.notFirstChoice), f.int(step.keys.length), f.int(step.longestWalk));
      return step.own >= 0 ? `${done} ${walkOf(step.own)}` : done;
    }
    return walkOf(step.index);
  }
}
