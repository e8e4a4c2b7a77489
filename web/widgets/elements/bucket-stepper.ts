// <ringlab-bucket-stepper algorithm="jumpback" key="user:42" buckets="10" removed="3,7" step="0">
// One key's lookup by any bucket hasher of ringlab/buckets, step by step: the steps of its trace
// (steps/buckets.ts), after the reader's own removals. The algorithms are the buckets module's
// registry (its algorithms()), so a new one appears here with nothing to add but its catalogue
// entries. The buckets module is loaded only when this element is used (core/buckets.ts).
import type { Ringlab } from "ringlab";
import type { BucketStep, RinglabBuckets } from "ringlab/buckets";
import { getBuckets, bucketsIfLoaded } from "../core/buckets";
import { h, s } from "../core/dom";
import { errorText } from "../core/errors";
import { getRinglab, ringlabIfLoaded } from "../core/module";
import { num, nums, stepIndex, str, type StateOf } from "../core/params";
import { numberField, setField, textField } from "../core/scenario";
import { StepperElement } from "../core/stepper";
import { table } from "../core/table";
import { bucketSteps, fieldsOf, narration, nextRemoval, type BucketLookup, type BucketView } from "../steps/buckets";

const spec = {
  step: stepIndex(),
  // Any name of the buckets module's registry; the module refuses one it does not have.
  algorithm: str("jumpback"),
  key: str("user:42"),
  buckets: num(10),
  removed: nums([]),
};
type State = StateOf<typeof spec>;

/** Both modules: the main one hashes the key (h32, as the jump stepper), the buckets one looks it up. */
export interface BucketModules {
  rl: Ringlab;
  bk: RinglabBuckets;
}

let both: BucketModules | undefined;

// The bucket row is drawn cell by cell up to this many buckets; beyond, as a scale.
const MAX_CELLS = 64;
// The steps table shows the steps around the current one: a trace may hold 4,096.
const ROWS_BEFORE = 12;
const ROWS_AFTER = 4;

export class BucketStepper extends StepperElement<typeof spec, BucketView, BucketModules> {
  static override spec = spec;
  private select!: HTMLSelectElement;
  private selectLabel!: HTMLSpanElement;
  private keyField!: ReturnType<typeof textField>;
  private bucketsField!: ReturnType<typeof numberField>;
  private removedField!: ReturnType<typeof textField>;
  private removeButton!: HTMLButtonElement;
  private addButton!: HTMLButtonElement;
  private refusal!: HTMLParagraphElement;
  private lookup: BucketLookup | undefined;

  protected heading(): string {
    return this.t.bucket.title;
  }

  protected override loadModule(): Promise<BucketModules> {
    return Promise.all([getRinglab(), getBuckets()]).then(([rl, bk]) => (both ??= { rl, bk }));
  }

  protected override moduleIfLoaded(): BucketModules | undefined {
    const rl = ringlabIfLoaded();
    const bk = bucketsIfLoaded();
    return rl && bk ? (both ??= { rl, bk }) : undefined;
  }

  protected override extraStyles(): string {
    return `
.membership { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.25rem 0 0.75rem; }
.membership .refusal { flex-basis: 100%; margin: 0; color: var(--_bad); }
.membership .refusal:empty { display: none; }
svg .gone { fill: none; stroke: var(--_muted); stroke-dasharray: 3 2; }
svg .gone-x { stroke: var(--_muted); stroke-width: 1.2; }
svg .span { stroke: var(--_accent); stroke-width: 2; fill: none; }
svg.diagram.buckets { max-width: 36rem; margin: 0; }
.tables { min-width: 0; }
.tables caption { caption-side: top; text-align: start; font-weight: 600; padding-bottom: 0.25rem; }
@media (max-width: 480px) { .tables td.v { white-space: normal; overflow-wrap: anywhere; } }
`;
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.select = h("select", { "data-testid": "field-algorithm" });
    this.select.addEventListener("change", () => this.change({ algorithm: this.select.value, removed: [] }));
    this.selectLabel = h("span");
    this.keyField = textField("key", (v) => this.change({ key: v.trim() }));
    this.bucketsField = numberField("buckets", (v) => this.change({ buckets: v, removed: [] }), { min: 1, step: 1 });
    this.removedField = textField("removed", (v) => this.tryRemovals(spec.removed.parse(v)), "wide", true);
    box.append(h("label", {}, this.selectLabel, this.select), this.keyField.el, this.bucketsField.el);
    box.append(this.removedField.el);
  }

  protected override build(box: HTMLDivElement): void {
    super.build(box);
    // The row of buckets above the steps table, each the stage's width: a 64-bit draw is 20 digits.
    this.stage.classList.add("single");
    // The reader's own removals, under the parameters: remove the bucket the module would take
    // next, or add back the last one removed.
    this.removeButton = h("button", {
      type: "button",
      "data-testid": "remove-bucket",
      onclick: () => {
        const b = this.lookup && nextRemoval(this.lookup);
        if (b !== undefined) this.tryRemovals([...this.state.removed, b]);
      },
    });
    this.addButton = h("button", {
      type: "button",
      "data-testid": "add-bucket",
      onclick: () => this.change({ removed: this.state.removed.slice(0, -1) }),
    });
    // Shown once a lookup says what the algorithm's membership allows.
    this.removeButton.hidden = true;
    this.addButton.hidden = true;
    this.refusal = h("p", { class: "refusal", role: "status", "data-testid": "refusal" });
    const params = box.querySelector('[data-testid="params"]');
    params?.after(h("div", { class: "membership" }, this.removeButton, this.addButton, this.refusal));
  }

  /**
   * Removals the reader asked for, taken only when the module takes them: a bucket it refuses
   * (not live, the last one left, not the last for an algorithm that removes only its last) is
   * said beside the buttons, in the module's words from the catalogue, and the state stays.
   */
  private tryRemovals(removed: number[]): void {
    const mods = this.rl;
    if (!mods) return;
    const state = this.state;
    try {
      bucketSteps({ algorithm: state.algorithm, key: state.key, buckets: state.buckets, removed }, mods.bk, mods.rl);
    } catch (e) {
      this.refusal.textContent = errorText(this.t, this.f, e);
      setField(this.shadowRoot, this.removedField.input, state.removed.join(", "));
      return;
    }
    this.refusal.textContent = "";
    this.change({ removed });
  }

  protected override syncParams(state: State): void {
    const t = this.t.bucket;
    const mods = this.rl;
    this.selectLabel.textContent = t.algorithm;
    if (mods) {
      const names = mods.bk.algorithms().map((a) => a.name);
      const labels = names.map((n) => this.t.algorithms[n] ?? n);
      if ([...this.select.options].map((o) => o.textContent).join("\n") !== labels.join("\n")) {
        this.select.replaceChildren(...names.map((n, i) => h("option", { value: n }, labels[i])));
      }
    }
    this.select.value = state.algorithm;
    this.keyField.label.textContent = this.t.scenario.yourKey;
    // An algorithm of named nodes has nodes where the others have buckets.
    const info = mods?.bk.algorithms().find((a) => a.name === state.algorithm);
    this.bucketsField.label.textContent = info?.options.includes("nodes") ? t.nodes : t.buckets;
    this.removedField.label.textContent = t.removedLabel;
    setField(this.shadowRoot, this.keyField.input, state.key);
    setField(this.shadowRoot, this.bucketsField.input, Number.isFinite(state.buckets) ? String(state.buckets) : "");
    setField(this.shadowRoot, this.removedField.input, state.removed.join(", "));
    this.keyField.note.textContent = "";
  }

  protected stepsOf(mods: BucketModules, state: State): BucketView[] {
    this.lookup = undefined;
    const steps = bucketSteps(
      { algorithm: state.algorithm, key: state.key, buckets: state.buckets, removed: state.removed },
      mods.bk,
      mods.rl,
    );
    this.lookup = steps[0]?.lookup;
    return steps;
  }

  /** A bucket's or a node's answer, in words. */
  private answerText(lookup: BucketLookup, bucket: number): string {
    const t = this.t.bucket;
    const name = lookup.nodes?.[bucket];
    return name === undefined ? t.bucketName(this.f.id(bucket)) : t.nodeName(name);
  }

  protected draw(stage: HTMLDivElement, view: BucketView, _i: number, _steps: BucketView[], state: State): void {
    const t = this.t.bucket;
    const f = this.f;
    const lookup = view.lookup;
    const trace = lookup.trace;
    const last = trace[trace.length - 1] as BucketStep;
    const input = lookup.hash === undefined ? t.inputText(lookup.key) : t.inputHash(f.id(lookup.hash));
    this.keyField.note.textContent = t.keyNote(input, f.int(trace.length), this.answerText(lookup, last.bucket));
    this.syncMembership(lookup);
    if (lookup.nodes === undefined) stage.append(h("div", {}, this.bucketRow(view)));
    const shown = view.index;
    const from = Math.max(0, shown - ROWS_BEFORE);
    const to = Math.min(trace.length, Math.max(shown, 0) + ROWS_AFTER + 1);
    const cell = (step: BucketStep, field: "bucket" | "bound" | "value") => {
      if (!fieldsOf(step).includes(field)) return "";
      if (field === "bucket" && lookup.nodes !== undefined && (step.kind === "answer" || step.kind === "probe"))
        return lookup.nodes[step.bucket] ?? f.id(step.bucket);
      return f.id(step[field]);
    };
    const rows = trace.slice(from, to).map((step, k) => {
      const j = from + k;
      const seen = j <= shown;
      return {
        cells: [
          f.int(j + 1),
          t.kinds[step.kind],
          seen ? cell(step, "bucket") : "…",
          seen ? cell(step, "bound") : "…",
          seen ? cell(step, "value") : "…",
        ],
        class: j === shown ? "now" : seen ? "" : "dim",
        // A 64-bit draw is 20 digits: on a phone it wraps in its cell rather than widen the table.
        cellClass: [undefined, undefined, undefined, undefined, "v"],
      };
    });
    const algorithm = this.t.algorithms[lookup.info.name] ?? lookup.info.name;
    stage.append(
      h(
        "div",
        { class: "tables" },
        table(
          t.stepsCaption(algorithm, state.key),
          ["#", t.stepCol, t.bucketCol, t.boundCol, t.valueCol],
          rows,
          "trace",
        ),
      ),
    );
  }

  /** The remove and add-back buttons, as the module's membership allows. */
  private syncMembership(lookup: BucketLookup): void {
    const t = this.t.bucket;
    const next = nextRemoval(lookup);
    this.removeButton.hidden = !lookup.canRemove;
    this.removeButton.disabled = next === undefined;
    this.removeButton.textContent = t.remove(next === undefined ? "" : this.f.id(next));
    const back = lookup.removed[lookup.removed.length - 1];
    this.addButton.hidden = !lookup.canRemove;
    this.addButton.disabled = back === undefined;
    this.addButton.textContent = t.addBack(back === undefined ? "" : this.f.id(back));
    this.removedField.el.hidden = !lookup.canRemove;
  }

  /**
   * The buckets in a row (up to MAX_CELLS, else a scale): removed ones dashed and crossed out (at
   * or beyond n, dashed only), the buckets the lookup has considered up to this step filled, this
   * step's emphasised, and the range, flip or level this step works in marked under the row.
   */
  private bucketRow(view: BucketView): SVGSVGElement {
    const t = this.t.bucket;
    const f = this.f;
    const lookup = view.lookup;
    const trace = lookup.trace;
    // The steps that stand on a bucket: a candidate, a removed one, a jump's start, the answer.
    const touched = (st: BucketStep) =>
      st.kind === "candidate" || st.kind === "removed" || st.kind === "jump" || st.kind === "answer";
    // Every bucket the trace names: those ever live, and beyond them (AnchorHash's capacity).
    let n = lookup.buckets;
    for (const st of trace) {
      if (touched(st) || st.kind === "replaced") n = Math.max(n, st.bucket + 1);
      if (st.kind === "replaced") n = Math.max(n, Number(st.value) + 1);
    }
    const removed = new Set(lookup.removed);
    const live = (b: number) => !removed.has(b) && (lookup.removesAny ? b < lookup.buckets : b < lookup.live);
    const done = trace.slice(0, view.index + 1);
    const visited = new Set(done.filter(touched).map((st) => st.bucket));
    for (const st of done) if (st.kind === "replaced") visited.add(Number(st.value));
    const now = view.step;
    const nowBucket =
      now && (touched(now) || now.kind === "replaced")
        ? now.kind === "replaced"
          ? Number(now.value)
          : now.bucket
        : undefined;
    const w = 300;
    const x = (b: number) => 10 + ((b + 0.5) / Math.max(n, 1)) * w;
    const svg = s("svg", {
      class: "diagram wide buckets",
      viewBox: "0 0 320 64",
      role: "img",
      "aria-label": t.diagram(f.int(n)),
      "data-testid": "bucket-diagram",
    });
    const y = 6;
    if (n <= MAX_CELLS) {
      const cw = w / n;
      for (let b = 0; b < n; b++) {
        const on = visited.has(b);
        const attrs = { x: x(b) - cw / 2 + 1, y, width: Math.max(cw - 2, 1), height: 22, rx: 3 };
        if (!live(b)) {
          svg.append(s("rect", { ...attrs, class: `gone${b === nowBucket ? " em" : ""}` }));
          // Crossed out: a bucket removed (AnchorHash counts those beyond its start so); dashed
          // only: one at or beyond n of an algorithm that grows and shrinks at its end.
          if (removed.has(b) || lookup.removesAny)
            svg.append(
              s("line", { x1: attrs.x, y1: y, x2: attrs.x + attrs.width, y2: y + 22, class: "gone-x" }),
              s("line", { x1: attrs.x, y1: y + 22, x2: attrs.x + attrs.width, y2: y, class: "gone-x" }),
            );
        } else {
          svg.append(
            s("rect", {
              ...attrs,
              class: on ? `s0${b === nowBucket ? " em" : ""}` : "cell",
              "fill-opacity": on ? (b === nowBucket ? 1 : 0.45) : 1,
            }),
          );
        }
        // Every bucket numbered up to 20; beyond, every few (the table has each one's number).
        if (n <= 20 || b % Math.ceil(n / 10) === 0)
          svg.append(
            s(
              "text",
              { x: x(b), y: y + 38, "text-anchor": "middle", class: "muted", style: n > 12 ? "font-size:10px" : "" },
              f.id(b),
            ),
          );
      }
    } else {
      svg.append(s("line", { x1: 10, y1: y + 11, x2: 310, y2: y + 11, class: "axis", "stroke-width": 3 }));
      for (const b of visited) svg.append(s("circle", { cx: x(b), cy: y + 11, r: 4, class: "s0" }));
      if (nowBucket !== undefined) svg.append(s("circle", { cx: x(nowBucket), cy: y + 11, r: 6, class: "s0 em" }));
      svg.append(s("text", { x: 10, y: y + 38, class: "muted" }, f.id(0)));
      svg.append(s("text", { x: 310, y: y + 38, class: "muted", "text-anchor": "end" }, f.id(n - 1)));
    }
    // The range this step works in: [lo, hi) for a range or a level, [0, bound) for a flip.
    if (now && (now.kind === "range" || now.kind === "level" || now.kind === "flip")) {
      const lo = now.kind === "flip" ? 0 : now.bucket;
      const hi = Math.min(Number(now.bound), n);
      if (hi > lo) {
        const x1 = x(lo) - w / n / 2 + 1;
        const x2 = x(hi - 1) + w / n / 2 - 1;
        svg.append(
          s("path", { d: `M ${x1} ${y + 46} L ${x1} ${y + 50} L ${x2} ${y + 50} L ${x2} ${y + 46}`, class: "span" }),
        );
      }
    }
    return svg;
  }

  protected narrate(view: BucketView): string {
    return narration(view, this.t, this.f);
  }
}
