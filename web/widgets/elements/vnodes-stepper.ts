// <ringlab-vnodes-stepper servers="10" names="" keys="100000" seed="16" vnodes="1,2,5,10,20,50,100,200,500,1000"
//   weight="2" weight-vnodes="100" step="0">
// The servers are S0 … S(N−1) (servers="N") or the reader's own names (names="A,B,C"); each step
// is one V of the list, the last gives the first server a weight. After an edit (a server added,
// removed or renamed, N or the weight changed) the keys that changed server at the step's V are
// counted by the module, against the servers as they were before the edit.
import type { Ringlab } from "ringlab";
import { Charts, chart } from "../core/chart";
import { h } from "../core/dom";
import { num, nums, stepIndex, strs, type StateOf } from "../core/params";
import { ringDiagram, type RingArc, type RingKey } from "../core/ring-diagram";
import {
  colorSlots,
  movesLine,
  movesOfIndices,
  nextName,
  numberField,
  reducedMotion,
  ServerEditor,
  setField,
  textField,
  type Moves,
} from "../core/scenario";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { keyHashes, vnodesSteps, type VnodesStep } from "../steps/vnodes";

const spec = {
  step: stepIndex(),
  servers: num(10),
  names: strs([]),
  keys: num(100000),
  seed: num(16),
  vnodes: nums([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]),
  weight: num(2),
  "weight-vnodes": num(100),
};
type State = StateOf<typeof spec>;

const TWO32 = 4294967296;
/** Keys drawn on the ring (the first few of the course's keys): enough to see some move. */
const DRAWN_KEYS = 16;
/** Owned arcs are drawn while the ring has at most this many points (beyond, they are slivers). */
const ARC_POINTS = 400;
/** Servers named in the legend under the ring; the rest are counted. */
const LEGEND = 24;

/** The servers: the reader's names, or S0 … S(N−1). */
export function namesOf(state: Pick<State, "servers" | "names">): string[] {
  if (state.names.length > 0) return state.names;
  const n = Number.isInteger(state.servers) && state.servers > 0 ? Math.min(state.servers, 100000) : 0;
  return Array.from({ length: n }, (_, i) => `S${i}`);
}

/** The index of the point owning a hash: the first token ≥ it, wrapping to the first. */
function pointOf(tokens: Uint32Array, hash: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((tokens[mid] ?? 0) < hash) lo = mid + 1;
    else hi = mid;
  }
  return lo === tokens.length ? 0 : lo;
}

/** Seven narrow columns fit a phone in a smaller type, so this table need not stack. */
function compact(wrap: HTMLDivElement): HTMLDivElement {
  wrap.querySelector("table")?.classList.add("compact");
  return wrap;
}

/** Ticks the ring is drawn with at most: more would be thinner than a pixel and slow to draw. */
const MAX_TICKS = 2048;

/**
 * The points to draw: all of them on a small ring; on a large one, per 1/MAX_TICKS of the circle
 * the point owning the longest arc there (what the eye sees at that resolution).
 */
function drawnPoints(tokens: Uint32Array): number[] {
  const n = tokens.length;
  if (n <= MAX_TICKS) return Array.from({ length: n }, (_, k) => k);
  const best = new Int32Array(MAX_TICKS).fill(-1);
  const bestArc = new Float64Array(MAX_TICKS);
  for (let k = 0; k < n; k++) {
    const pos = tokens[k] ?? 0;
    const arc = k === 0 ? pos + TWO32 - (tokens[n - 1] ?? 0) : pos - (tokens[k - 1] ?? 0);
    const bin = Math.floor((pos / TWO32) * MAX_TICKS);
    if (arc > (bestArc[bin] ?? 0)) {
      bestArc[bin] = arc;
      best[bin] = k;
    }
  }
  return Array.from(best).filter((k) => k >= 0);
}

export class VnodesStepper extends StepperElement<typeof spec, VnodesStep> {
  static override spec = spec;
  private readonly charts = new Charts();
  private slider!: HTMLInputElement;
  private sliderLabel!: HTMLSpanElement;
  private editor!: ServerEditor;
  private nField!: ReturnType<typeof numberField>;
  private vField!: ReturnType<typeof textField>;
  private keysField!: ReturnType<typeof numberField>;
  private seedField!: ReturnType<typeof numberField>;
  private weightField!: ReturnType<typeof numberField>;
  /** The steps last computed, and those before the reader's last edit (what moves are counted against). */
  private current: { steps: VnodesStep[]; seed: number; keys: number } | undefined;
  private previous: { steps: VnodesStep[]; seed: number; keys: number } | undefined;
  private edited = false;
  private synced = "";
  private animateNext = false;
  private movesMemo = new Map<number, Moves | undefined>();

  protected heading(): string {
    return this.t.vnodes.title;
  }

  /** A change of the servers or the weight: its moves are counted against the servers before it. */
  private edit(partial: Partial<State>, where: "keep" | "last" = "keep"): void {
    this.edited = true;
    this.animateNext = true;
    this.change(partial, where);
  }

  /** New names: kept as servers="N" while they are S0 … S(N−1), else as names. */
  private setNames(names: string[], where: "keep" | "last" = "keep"): void {
    if (names.length === 0) return;
    const plain = names.every((n, i) => n === `S${i}`);
    if (plain) this.removeAttribute("names");
    this.edit(plain ? { servers: names.length } : { servers: names.length, names }, where);
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.slider = h("input", { type: "range", min: 0, max: 0, step: 1, value: 0, "data-testid": "v-slider" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.sliderLabel = h("span");
    this.nField = numberField(
      "field-servers",
      (n) => {
        const names = namesOf(this.state);
        if (!Number.isInteger(n) || n < 1) {
          // The module names the error (a ring needs a server).
          this.edit({ servers: n, names: [] });
          return;
        }
        const next = names.slice(0, n);
        while (next.length < n) next.push(nextName("S", next));
        this.setNames(next);
      },
      { min: 1, step: 1 },
    );
    this.vField = textField("field-vnodes", (v) => this.change({ vnodes: nums([]).parse(v) }));
    this.keysField = numberField("field-keys", (v) => this.change({ keys: v }), { min: 1, step: 1 });
    this.seedField = numberField("field-seed", (v) => this.change({ seed: v }), { min: 0, step: 1 });
    this.weightField = numberField("field-weight", (v) => this.edit({ weight: v }, "last"), { min: 0, step: 0.5 });
    this.editor = new ServerEditor(() => this.shadowRoot, {
      nextName: (names) => nextName("S", names),
      add: (name) => this.setNames([...namesOf(this.state), name]),
      remove: (i) => this.setNames(namesOf(this.state).filter((_, j) => j !== i)),
      rename: (i, name) => this.setNames(namesOf(this.state).map((x, j) => (j === i ? name : x))),
    });
    box.append(
      h("label", {}, this.sliderLabel, this.slider),
      this.nField.el,
      this.vField.el,
      this.keysField.el,
      this.seedField.el,
      this.weightField.el,
      this.editor.el,
    );
  }

  protected override syncParams(state: State): void {
    const t = this.t.vnodes;
    const names = namesOf(state);
    this.nField.label.textContent = t.nServers;
    this.vField.label.textContent = t.vList;
    this.keysField.label.textContent = this.t.keys;
    this.seedField.label.textContent = this.t.seed;
    this.weightField.label.textContent = this.t.scenario.weight(names[0] ?? "S0");
    const n = (x: number) => (Number.isFinite(x) ? String(x) : "");
    setField(this.shadowRoot, this.nField.input, n(state.names.length ? state.names.length : state.servers));
    setField(this.shadowRoot, this.vField.input, state.vnodes.join(","));
    setField(this.shadowRoot, this.keysField.input, n(state.keys));
    setField(this.shadowRoot, this.seedField.input, n(state.seed));
    setField(this.shadowRoot, this.weightField.input, n(state.weight));
    // The chips are rebuilt only when the servers or the language change (a hundred of them cost
    // a stepping reader time for nothing).
    const synced = JSON.stringify([names, this.t.lang]);
    if (synced !== this.synced) {
      this.synced = synced;
      this.editor.sync(names, this.t);
    }
  }

  protected stepsOf(rl: Ringlab, state: State): VnodesStep[] {
    const steps = vnodesSteps(
      {
        names: namesOf(state),
        keys: state.keys,
        seed: state.seed,
        vnodes: state.vnodes,
        weight: state.weight,
        weightVnodes: state["weight-vnodes"],
      },
      rl,
    );
    // An edit of the servers or the weight compares with the steps before it (same keys only).
    if (this.edited) this.previous = this.current;
    else if (this.previous && (this.previous.seed !== state.seed || this.previous.keys !== state.keys))
      this.previous = undefined;
    this.edited = false;
    this.current = { steps, seed: state.seed, keys: state.keys };
    this.movesMemo.clear();
    return steps;
  }

  /** The step before the edit that matches this one (same kind and V), if any. */
  private beforeOf(step: VnodesStep): VnodesStep | undefined {
    const b = this.previous;
    if (!b || b.seed !== this.state.seed || b.keys !== this.state.keys) return undefined;
    return b.steps.find((s) => s.kind === step.kind && s.vnodes === step.vnodes);
  }

  /** Keys moved at this step's V by the last edit: the module's count (rl.movement). */
  private movesAt(rl: Ringlab, step: VnodesStep, i: number): Moves | undefined {
    if (this.movesMemo.has(i)) return this.movesMemo.get(i);
    const b = this.beforeOf(step);
    const moves = b ? movesOfIndices(rl, b.keyOwners, b.names, step.keyOwners, step.names) : undefined;
    this.movesMemo.set(i, moves);
    return moves;
  }

  protected draw(stage: HTMLDivElement, step: VnodesStep, i: number, steps: VnodesStep[], state: State): void {
    const t = this.t.vnodes;
    const f = this.f;
    const rl = this.rl;
    if (!rl) return;
    const animate = this.animateNext && !reducedMotion();
    this.animateNext = false;
    this.slider.max = String(steps.length - 1);
    this.slider.value = String(i);
    const first = step.names[0] ?? "S0";
    this.sliderLabel.textContent =
      step.kind === "weight"
        ? t.sliderWeight(first, f.num(state.weight), f.int(step.vnodes))
        : t.slider(f.int(step.vnodes));
    this.slider.setAttribute("aria-valuetext", this.sliderLabel.textContent);

    // Colours follow the names: a server keeps its colour when others come and go.
    const names = step.names;
    const slots = colorSlots(names);
    const slot = (k: number) => slots[k] ?? 0;
    const points = drawnPoints(step.tokens).map((k) => ({
      pos: step.tokens[k] ?? 0,
      server: slot(step.owners[k] ?? 0),
    }));
    const arcs: RingArc[] = [];
    if (points.length <= ARC_POINTS)
      for (let k = 0; k < points.length; k++)
        arcs.push({
          from: points[k === 0 ? points.length - 1 : k - 1]?.pos ?? 0,
          to: points[k]?.pos ?? 0,
          server: points[k]?.server ?? 0,
          kind: "owned",
        });
    const moves = this.movesAt(rl, step, i);
    const b = this.beforeOf(step);
    const hashes = keyHashes(rl, state.seed, state.keys);
    const drawn: RingKey[] = [];
    for (let k = 0; k < Math.min(DRAWN_KEYS, hashes.length); k++) {
      const hash = hashes[k] ?? 0;
      const owner = step.keyOwners[k] ?? 0;
      const key: RingKey = { pos: hash, label: "", server: slot(owner) };
      if (b && moves?.moved[k]) {
        const was = b.keyOwners[k] ?? 0;
        key.moved = {
          from: b.tokens[pointOf(b.tokens, hash)] ?? 0,
          to: step.tokens[pointOf(step.tokens, hash)] ?? 0,
          was: colorSlots(b.names)[was] ?? 0,
        };
      }
      drawn.push(key);
    }
    const ring = ringDiagram({
      span: TWO32,
      points,
      arcs,
      keys: drawn,
      dense: true,
      animate,
      label: t.diagram(f.int(step.tokens.length), f.int(names.length)),
      center: t.center(f.int(step.tokens.length)),
    });
    const legend = h(
      "ul",
      { class: "legend", "data-testid": "ring-legend" },
      names.slice(0, LEGEND).map((n, k) => h("li", {}, serverLabel(n, serverClass(slot(k))))),
      names.length > LEGEND ? h("li", {}, t.more(f.int(names.length - LEGEND))) : null,
    );
    const big = step.largest;
    const bigName = names[big.server] ?? "";
    const largest = h(
      "p",
      {
        class: "note",
        "data-testid": "largest-arc",
        "data-ratio": String(big.overMean),
        "data-server": bigName,
        "data-vnodes": String(step.vnodes),
      },
      step.vnodes === 1 && step.kind === "sweep"
        ? t.largestArc(
            bigName,
            f.pct(big.share),
            f.dec(big.overMean, 2),
            f.int(names.length),
            f.dec(rl.theory.harmonic(names.length), 2),
          )
        : t.largestShare(bigName, f.pct(big.share), f.dec(big.overMean, 2)),
    );

    this.charts.clear();
    const sweep = steps.filter((s) => s.kind === "sweep");
    const vs = sweep.map((s) => s.vnodes);
    const measured = new Map(step.history.map((r) => [r.vnodes, r.sdOverMean]));
    const sdChart = this.charts.add(
      chart(this, {
        title: t.sdTitle(f.int(names.length)),
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
        title: step.kind === "weight" ? t.loadWeightTitle(first, f.num(state.weight)) : t.loadTitle(f.int(step.vnodes)),
        testid: "chart-load",
        x: names.map((_, k) => k),
        categories: [...names],
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
          t.weightRow(first, f.num(state.weight), f.int(w.vnodes)),
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
    // A break allowed after "/" (max/mean, sd/mean) lets the table fit a phone.
    const sweepHeaders = ["V", t.points, t.min, t.max, t.maxOverMean, t.sdOverMean, t.theory].map((x) =>
      x.replace("/", "/\u200b"),
    );
    const out: HTMLElement[] = [h("div", {}, ring, legend, largest, movesLine(this.t, f, moves))];
    if (moves && b) {
      // Keys per server before and after the edit, by name; a moved count is marked.
      const beforeCount = new Map(b.names.map((n, k) => [n, b.counts[k] ?? 0]));
      const all = [...names, ...b.names.filter((n) => !names.includes(n))];
      const after = new Map(names.map((n, k) => [n, step.counts[k] ?? 0]));
      const movesTable = table(
        t.movesTable(f.int(step.vnodes)),
        [this.t.server, t.before, t.after, t.change],
        all.map((n) => {
          const was = beforeCount.get(n) ?? 0;
          const now = after.get(n) ?? 0;
          const d = now - was;
          return {
            cells: [
              n,
              beforeCount.has(n) ? f.int(was) : "—",
              after.has(n) ? f.int(now) : "—",
              d === 0 ? f.int(0) : `${d > 0 ? "+" : "−"}${f.int(Math.abs(d))}`,
            ],
            cellClass: [undefined, undefined, undefined, d === 0 ? "kept" : "moved"],
          };
        }),
        "moves-table",
      );
      // Many servers: the table folds away (its rows are still there for a screen reader to open).
      out[0]?.append(
        all.length <= 12
          ? movesTable
          : h("details", {}, h("summary", {}, t.movesTable(f.int(step.vnodes))), movesTable),
      );
    }
    stage.append(
      ...out,
      h("div", {}, sdChart, loadChart),
      h(
        "div",
        { style: "grid-column: 1 / -1" },
        compact(table(t.tableCaption(f.int(names.length), f.int(state.keys)), sweepHeaders, rows, "sweep-table")),
      ),
    );
  }

  protected narrate(step: VnodesStep, _i: number, _steps: VnodesStep[], state: State): string {
    const t = this.t.vnodes;
    const f = this.f;
    if (step.kind === "weight") {
      const total = step.counts.reduce((a, b) => a + b, 0);
      return t.weight(
        step.names[0] ?? "S0",
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
