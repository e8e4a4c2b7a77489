// <ringlab-vnodes-stepper servers="10" names="" keys="100000" seed="16" vnodes="1,2,5,10,20,50,100,200,500,1000"
//   weight="2" weight-vnodes="100" key="" before="" before-weight="" step="0">
// The servers are S0 … S(N−1) (servers="N") or the reader's own names (names="A,B,C"); each step
// is one V of the list, the last gives the first server a weight. After an edit (a server added,
// removed or renamed, N or the weight changed) the keys that changed server at the step's V are
// counted by the module, against the scenario before the edit: `before` is the server list then
// and `before-weight` the weight then, so a reloaded link shows the same moves.
// `key` is the reader's own key: its h32, the point it walks to on the step's ring, and its server.
import type { Ringlab } from "ringlab";
import { Charts, chart } from "../core/chart";
import { h, s } from "../core/dom";
import { moduleNum, num, nums, stepIndex, str, strs, type StateOf } from "../core/params";
import { ringDiagram, type RingArc, type RingKey } from "../core/ring-diagram";
import {
  colorSlots,
  keysGained,
  movesLine,
  nextName,
  numberField,
  reducedMotion,
  ServerEditor,
  serverIds,
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
  key: str(""),
  before: strs([]),
  "before-weight": moduleNum(),
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

/** Servers labelled on the ring at most (beyond, colours repeat and the legend and tables name them). */
const LABELLED = 12;
/** Labels on the ring at least this far apart (a fraction of the circle). */
const LABEL_GAP = 0.045;
/**
 * A sweep placed all at once while its work stays under this (keys placed per step, plus ring
 * points built, a point costing about 30 keys); beyond, the step shown first.
 */
const EAGER_WORK = 2_500_000;
const POINT_COST = 30;

const C = 160;
const R = 100;
function at(pos: number, r: number): [number, number] {
  const a = (pos / TWO32) * 2 * Math.PI;
  return [C + r * Math.sin(a), C - r * Math.cos(a)];
}

/**
 * Each server's name on the ring, beside the middle of its longest arc, for the few servers whose
 * colours are all distinct; a label that would crowd a longer arc's label is left out (the legend
 * still names every server with its share).
 */
function ringLabels(svg: SVGSVGElement, step: VnodesStep, names: readonly string[]): void {
  if (names.length > LABELLED) return;
  const n = step.tokens.length;
  const best = new Float64Array(names.length);
  const mid = new Float64Array(names.length);
  for (let k = 0; k < n; k++) {
    const pos = step.tokens[k] ?? 0;
    const prev = k === 0 ? (step.tokens[n - 1] ?? 0) - TWO32 : (step.tokens[k - 1] ?? 0);
    const o = step.owners[k] ?? 0;
    if (pos - prev > (best[o] ?? 0)) {
      best[o] = pos - prev;
      mid[o] = ((((prev + pos) / 2) % TWO32) + TWO32) % TWO32;
    }
  }
  const order = names.map((_, k) => k).sort((a, b) => (best[b] ?? 0) - (best[a] ?? 0));
  const placed: number[] = [];
  for (const k of order) {
    const m = (mid[k] ?? 0) / TWO32;
    if ((best[k] ?? 0) === 0 || placed.some((p) => Math.min(Math.abs(p - m), 1 - Math.abs(p - m)) < LABEL_GAP))
      continue;
    placed.push(m);
    const [x, y] = at(mid[k] ?? 0, R + 24);
    svg.append(
      s(
        "text",
        { x, y: y + 4, "text-anchor": "middle", "font-weight": 700, "data-label": names[k] ?? "" },
        names[k] ?? "",
      ),
    );
  }
}

/** Owners remapped to the ids of the list before a change (reused: a million keys per change). */
let remapped = new Uint32Array(0);

/**
 * Keys moved between two placements of the same keys, counted by the module (rl.movement on
 * server indices, no string per key). Owners after are indices into newNames; ids are positions in
 * oldNames, a server new to the list taking the next free id. `moved` is filled for the first
 * `marked` keys only (the keys drawn on the ring).
 */
function movesBetween(rl: Ringlab, b: VnodesStep, a: VnodesStep, marked: number): Moves {
  const oldNames = b.names;
  const newNames = a.names;
  const { id, isNew } = serverIds(oldNames);
  const idOfNew = Uint32Array.from(newNames, id);
  const before = b.keyOwners;
  let after = a.keyOwners;
  if (!idOfNew.every((x, i) => x === i)) {
    if (remapped.length < after.length) remapped = new Uint32Array(after.length);
    const out = remapped.subarray(0, after.length);
    for (let k = 0; k < after.length; k++) out[k] = idOfNew[after[k] ?? 0] ?? 0;
    after = out;
  }
  const movement = rl.movement(before, after, isNew);
  const moved = Array.from({ length: Math.min(marked, after.length) }, (_, k) => after[k] !== before[k]);
  // The fewest a change needs: keys of servers that left, plus the balanced share of those that
  // joined; with the same servers (a weight changed), what each server gains.
  const now = new Set(newNames);
  const joined = isNew.filter(Boolean).length;
  const gone = oldNames.map((n, i) => (now.has(n) ? -1 : i)).filter((i) => i >= 0);
  let mustMove = 0;
  if (joined > 0 || gone.length > 0) {
    // The keys of servers that left are their counts before (no pass over the keys).
    for (const i of gone) mustMove += b.counts[i] ?? 0;
    if (joined > 0 && newNames.length > 0) mustMove += Math.round((before.length * joined) / newNames.length);
  } else mustMove = keysGained(movement);
  return { movement, moved, mustMove: Math.min(mustMove, before.length) };
}

/** A long key shortened for its label on the ring (the text under the ring has it whole). */
function shortKey(key: string): string {
  return key.length > 12 ? `${key.slice(0, 11)}…` : key;
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
  private keyField!: ReturnType<typeof textField>;
  /** The steps shown, and those of the scenario before the reader's last edit (`before`, `before-weight`). */
  private shown: VnodesStep[] = [];
  private previous: VnodesStep[] | undefined;
  private fillTimer: ReturnType<typeof setTimeout> | undefined;
  private synced = "";
  private animateNext = false;
  private movesMemo = new Map<number, Moves | undefined>();

  protected heading(): string {
    return this.t.vnodes.title;
  }

  /**
   * A change of the servers or the weight: its moves are counted against the scenario before it,
   * which the address keeps (`before` the server list, `before-weight` the weight if it changed).
   */
  private edit(partial: Partial<State>, where: "keep" | "last" = "keep"): void {
    const state = this.state;
    this.animateNext = true;
    if (partial.weight === undefined) this.removeAttribute("before-weight");
    this.change(
      {
        ...partial,
        before: namesOf(state),
        ...(partial.weight === undefined ? {} : { "before-weight": state.weight }),
      },
      where,
    );
  }

  /** Other keys or other V: a new experiment, with no change before it to count moves against. */
  private afresh(partial: Partial<State>): void {
    this.removeAttribute("before");
    this.removeAttribute("before-weight");
    this.change(partial);
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
    this.vField = textField("field-vnodes", (v) => this.afresh({ vnodes: nums([]).parse(v) }));
    this.keysField = numberField("field-keys", (v) => this.afresh({ keys: v }), { min: 1, step: 1 });
    this.seedField = numberField("field-seed", (v) => this.afresh({ seed: v }), { min: 0, step: 1 });
    this.weightField = numberField("field-weight", (v) => this.edit({ weight: v }, "last"), { min: 0, step: 0.5 });
    this.keyField = textField("field-key", (v) => this.change({ key: v.trim() }, "keep"));
    this.editor = new ServerEditor(() => this.shadowRoot, {
      nextName: (names) => nextName("S", names),
      add: (name) => this.setNames([...namesOf(this.state), name]),
      remove: (i) => this.setNames(namesOf(this.state).filter((_, j) => j !== i)),
      rename: (i, name) => this.setNames(namesOf(this.state).map((x, j) => (j === i ? name : x))),
    });
    box.append(
      h("label", {}, this.sliderLabel, this.slider),
      this.keyField.el,
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
    this.keyField.label.textContent = this.t.scenario.yourKey;
    setField(this.shadowRoot, this.keyField.input, state.key);
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
    const params = (names: string[], weight: number) => ({
      names,
      keys: state.keys,
      seed: state.seed,
      vnodes: state.vnodes,
      weight,
      weightVnodes: state["weight-vnodes"],
    });
    const steps = vnodesSteps(params(namesOf(state), state.weight), rl);
    const beforeWeight = state["before-weight"];
    this.previous =
      state.before.length > 0 || beforeWeight !== undefined
        ? vnodesSteps(params(state.before.length > 0 ? state.before : namesOf(state), beforeWeight ?? state.weight), rl)
        : undefined;
    this.shown = steps;
    this.movesMemo.clear();
    // The step shown is placed now (a module error is shown like any other); a small sweep too,
    // a large one after the step is on screen.
    const shown = steps[Math.min(state.step, steps.length - 1)];
    void shown?.tokens;
    const points = steps.reduce((sum, x) => sum + x.vnodes * x.names.length, 0);
    if (state.keys * steps.length + POINT_COST * points <= EAGER_WORK) for (const step of steps) void step.tokens;
    return steps;
  }

  /**
   * Places the sweep's remaining steps one at a time, each in its own task (a reader's next action
   * waits for one placement at most), then draws the step again with every row. The box is busy
   * meanwhile.
   */
  private fill(steps: VnodesStep[]): void {
    if (this.fillTimer !== undefined) clearTimeout(this.fillTimer);
    this.fillTimer = undefined;
    const next = steps.find((x) => !x.ready);
    if (!next) {
      this.box.removeAttribute("aria-busy");
      return;
    }
    this.box.setAttribute("aria-busy", "true");
    this.fillTimer = setTimeout(() => {
      this.fillTimer = undefined;
      if (this.shown !== steps || !this.isConnected) return;
      try {
        void next.tokens;
      } catch (e) {
        this.box.removeAttribute("aria-busy");
        this.showError(e);
        return;
      }
      if (steps.every((x) => x.ready)) this.requestUpdate();
      else this.fill(steps);
    }, 0);
  }

  /** The step before the edit that matches this one (same kind and V), if any. */
  private beforeOf(step: VnodesStep): VnodesStep | undefined {
    return this.previous?.find((s) => s.kind === step.kind && s.vnodes === step.vnodes);
  }

  /** Keys moved at this step's V by the last edit: the module's count (rl.movement). */
  private movesAt(rl: Ringlab, step: VnodesStep, i: number): Moves | undefined {
    if (this.movesMemo.has(i)) return this.movesMemo.get(i);
    const b = this.beforeOf(step);
    const moves = b ? movesBetween(rl, b, step, DRAWN_KEYS) : undefined;
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
    // The reader's key: its h32 from the module, the first point at or after it (clockwise,
    // wrapping past the top), and that point's server.
    let yours: HTMLElement | null = null;
    if (state.key !== "") {
      const hash = rl.h32(state.key);
      const p = pointOf(step.tokens, hash);
      const token = step.tokens[p] ?? 0;
      const owner = step.owners[p] ?? 0;
      const name = names[owner] ?? "";
      const key: RingKey = { pos: hash, label: shortKey(state.key), server: slot(owner), emphasis: true };
      if (b) {
        const bp = pointOf(b.tokens, hash);
        const was = b.names[b.owners[bp] ?? 0] ?? "";
        if (was !== name)
          key.moved = { from: b.tokens[bp] ?? 0, to: token, was: colorSlots(b.names)[b.owners[bp] ?? 0] ?? 0 };
      }
      drawn.push(key);
      arcs.push({ from: hash, to: token, server: slot(owner), kind: "walk" });
      yours = h(
        "p",
        {
          class: "note",
          "data-testid": "your-key",
          "data-hash": String(hash),
          "data-point": String(p),
          "data-token": String(token),
          "data-server": name,
        },
        t.keyLands(state.key, f.id(hash), f.int(p + 1), f.int(step.tokens.length), f.id(token), name),
      );
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
    // Not by colour alone: the few servers are named on the ring; each colour's ticks carry the
    // names they stand for (a pointer's title); the legend names every server with its share.
    ringLabels(ring, step, names);
    const bySlot = new Map<number, string[]>();
    names.forEach((n, k) => bySlot.set(slot(k), [...(bySlot.get(slot(k)) ?? []), n]));
    for (const [sl, list] of bySlot)
      for (const path of ring.querySelectorAll(`path.${serverClass(sl)}:not([data-kind])`))
        path.append(s("title", {}, list.length > 6 ? `${list.slice(0, 6).join(", ")} …` : list.join(", ")));
    const legend = h(
      "ul",
      { class: "legend", "data-testid": "ring-legend" },
      names
        .slice(0, LEGEND)
        .map((n, k) =>
          h("li", { "data-server": n }, serverLabel(n, serverClass(slot(k))), ` ${f.pct(step.shares[k] ?? 0)}`),
        ),
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
        series: [{ label: t.keys, values: Array.from(step.counts), color: "--_accent", kind: "bars" }],
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
    // Rows still being placed (a large sweep, after an edit) show a dash until they are.
    const rows = sweep.map((s) => ({
      cells:
        s.ready || s === step
          ? [
              f.int(s.vnodes),
              f.int(s.tokens.length),
              f.int(s.min),
              f.int(s.max),
              f.dec(s.maxOverMean, 2),
              f.pct(s.sdOverMean),
              f.pct(s.theory),
            ]
          : [f.int(s.vnodes), "…", "…", "…", "…", "…", f.pct(s.theory)],
      class: s === step ? "now" : "",
    }));
    const w = steps[steps.length - 1];
    if (w && w.kind === "weight" && (w.ready || w === step)) {
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
    const out: HTMLElement[] = [h("div", {}, ring, legend, yours, largest, movesLine(this.t, f, moves))];
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
    this.fill(steps);
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
    if (this.fillTimer !== undefined) clearTimeout(this.fillTimer);
    this.fillTimer = undefined;
    this.charts.clear();
  }
}
