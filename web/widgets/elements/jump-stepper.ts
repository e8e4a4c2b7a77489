// <ringlab-jump-stepper key="user:42" buckets="10" to="11" keys="…" step="0">
// One key's jumps into `buckets` buckets, and a few keys' buckets before and after the number of
// buckets changes to `to` (absent: one more bucket).
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { KEY_MOVES_CSS, keyMoves, type KeyMove } from "../core/key-moves";
import { moduleNum, num, stepIndex, str, strs, type StateOf } from "../core/params";
import {
  MotionWindow,
  colorClasses,
  movesLine,
  movesOf,
  numberField,
  setField,
  textField,
  type Moves,
} from "../core/scenario";
import { StepperElement } from "../core/stepper";
import { hiddenHeader, table } from "../core/table";
import { jumpSteps, type JumpStep } from "../steps/jump";

const spec = {
  step: stepIndex(),
  key: str("user:42"),
  buckets: num(10),
  to: moduleNum(),
  // The course's key names: user:42 and a few more of the same kind.
  keys: strs(["user:1", "user:7", "user:42", "user:100", "user:1000", "user:2024", "user:31337", "user:65537"]),
};
type State = StateOf<typeof spec>;

const afterOf = (state: State) => state.to ?? state.buckets + 1;

export class JumpStepper extends StepperElement<typeof spec, JumpStep> {
  static override spec = spec;
  private keyField!: ReturnType<typeof textField>;
  private keysField!: ReturnType<typeof textField>;
  private bucketsField!: ReturnType<typeof numberField>;
  private toField!: ReturnType<typeof numberField>;
  private placed: { rows: KeyMove[]; moves: Moves | undefined } = { rows: [], moves: undefined };
  private readonly motion = new MotionWindow();

  protected heading(): string {
    return this.t.jump.title;
  }

  protected override extraStyles(): string {
    return `${KEY_MOVES_CSS}
.tables { display: flex; flex-direction: column; gap: 1.5rem; min-width: 0; }
.tables caption { caption-side: top; text-align: start; font-weight: 600; padding-bottom: 0.25rem; }
.tables .table-wrap + .table-wrap { border-top: 1px solid var(--_border); padding-top: 1rem; }
`;
  }

  private edit(partial: Partial<State>, where: "first" | "last" = "last"): void {
    this.motion.begin();
    this.change(partial, where);
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.keyField = textField("key", (v) => this.edit({ key: v.trim() }, "first"));
    this.bucketsField = numberField("buckets", (v) => this.edit({ buckets: v }), { min: 1, step: 1 });
    this.toField = numberField("buckets-to", (v) => this.edit({ to: v }), { min: 1, step: 1 });
    this.keysField = textField("keys", (v) => this.change({ keys: spec.keys.parse(v) }, "keep"));
    box.append(this.keyField.el, this.bucketsField.el, this.toField.el, this.keysField.el);
  }

  protected override syncParams(state: State): void {
    const t = this.t.jump;
    this.keyField.label.textContent = this.t.scenario.yourKey;
    this.bucketsField.label.textContent = t.buckets;
    this.toField.label.textContent = t.bucketsAfter;
    this.keysField.label.textContent = t.keysLabel;
    setField(this.shadowRoot, this.keyField.input, state.key);
    setField(this.shadowRoot, this.bucketsField.input, Number.isFinite(state.buckets) ? String(state.buckets) : "");
    const to = afterOf(state);
    setField(this.shadowRoot, this.toField.input, Number.isFinite(to) ? String(to) : "");
    setField(this.shadowRoot, this.keysField.input, state.keys.join(", "));
    this.keyField.note.textContent = "";
  }

  protected stepsOf(rl: Ringlab, state: State): JumpStep[] {
    this.placed = { rows: [], moves: undefined };
    const to = afterOf(state);
    // The growth table reaches the count after the change, so the reader sees the key's move there.
    const steps = jumpSteps({ key: state.key, buckets: state.buckets, growTo: to }, rl);
    const keys = [...new Set([state.key, ...state.keys].filter((k) => k !== ""))];
    const hashes = keys.map((k) => rl.h32(k));
    const before = hashes.map((x) => String(rl.jump(x, state.buckets)));
    const after = hashes.map((x) => String(rl.jump(x, to)));
    // The buckets that existed before: every bucket a key had, and any bucket below the old count.
    const old = [...new Set([...before, ...after.filter((b) => Number(b) < state.buckets)])];
    const moves = movesOf(rl, before, after, old);
    // The fewest: the keys in buckets that went away, plus the new buckets' even share. Counted
    // from the bucket numbers, not from the buckets these few keys happen to use (a bucket
    // without a key here has not left).
    const gone = before.filter((b) => Number(b) >= to).length;
    const joined = Math.max(0, to - state.buckets);
    moves.mustMove = Math.min(keys.length, gone + (to > 0 ? Math.round((keys.length * joined) / to) : 0));
    this.placed = {
      rows: keys.map((key, i) => ({ key, before: before[i] ?? "", after: after[i] ?? "" })),
      moves,
    };
    return steps;
  }

  protected draw(stage: HTMLDivElement, step: JumpStep, _i: number, _steps: JumpStep[], state: State): void {
    const t = this.t.jump;
    const f = this.f;
    const n = state.buckets;
    const animate = this.motion.on;
    const landed = step.jumps[step.jumps.length - 1];
    if (landed)
      this.keyField.note.textContent = t.keyNote(f.id(step.hash), f.int(step.jumps.length), f.id(landed.bucket));
    // Three bands top to bottom: the label of the jump past n (its own band, so no arc crosses
    // it), the arcs (a quadratic arc rises at most half its control height, 35 units), the buckets.
    const base = 98;
    // Buckets on a line; beyond 40 the line is a scale and only the jumps' buckets are labelled.
    const w = 300;
    const x = (b: number) => 10 + ((b + 0.5) / Math.max(n, 1)) * w;
    const svg = s("svg", {
      class: "diagram wide",
      viewBox: "0 0 320 150",
      role: "img",
      "aria-label": t.diagram(f.int(n)),
      "data-testid": "jump-diagram",
    });
    const shown = step.kind === "intro" ? 0 : step.index + 1;
    const visited = new Set(step.jumps.slice(0, shown).map((j) => j.bucket));
    if (n <= 40) {
      for (let b = 0; b < n; b++) {
        const on = visited.has(b);
        const last = step.kind !== "intro" && step.jumps[step.index]?.bucket === b;
        svg.append(
          s("rect", {
            x: x(b) - w / n / 2 + 1,
            y: base + 2,
            width: w / n - 2,
            height: 22,
            rx: 3,
            class: on ? `s0${last ? " em" : ""}` : "cell",
            "fill-opacity": on ? (last ? 1 : 0.45) : 1,
          }),
        );
        svg.append(
          s(
            "text",
            { x: x(b), y: base + 42, "text-anchor": "middle", class: "muted", style: n > 20 ? "font-size:8px" : "" },
            f.id(b),
          ),
        );
      }
    } else {
      svg.append(s("line", { x1: 10, y1: base + 13, x2: 310, y2: base + 13, class: "axis", "stroke-width": 3 }));
      for (const b of visited) svg.append(s("circle", { cx: x(b), cy: base + 13, r: 5, class: "s0" }));
      svg.append(s("text", { x: 10, y: base + 42, class: "muted" }, f.id(0)));
      svg.append(s("text", { x: 310, y: base + 42, class: "muted", "text-anchor": "end" }, f.id(n - 1)));
    }
    step.jumps.slice(0, shown).forEach((j, k) => {
      const to = Math.min(j.next, n);
      const x1 = x(j.bucket);
      const x2 = j.next >= n ? 318 : x(to);
      const hgt = Math.min(70, 14 + Math.abs(x2 - x1) / 3);
      const past = j.next >= n;
      svg.append(
        s("path", {
          d: `M ${x1} ${base} Q ${(x1 + x2) / 2} ${base - hgt} ${x2} ${base}`,
          class: "walk s0",
          fill: "none",
          style: `stroke-width:2;${past ? "stroke-dasharray:4 3;stroke:var(--_bad)" : ""}`,
          opacity: k === step.index ? 1 : 0.5,
        }),
      );
      if (past && k === step.index)
        svg.append(
          s(
            "text",
            { x: 316, y: 14, "text-anchor": "end", style: "fill:var(--_bad)", "data-testid": "past-label" },
            `j = ${f.id(j.next)} ≥ ${f.id(n)}`,
          ),
        );
    });
    const jumpsTable = table(
      t.jumpsCaption(state.key, f.id(step.hash)),
      ["#", t.bucket, t.keyAfter, t.next],
      step.jumps.map((j, k) => ({
        cells: [f.int(k + 1), f.id(j.bucket), k < shown ? f.id(j.key) : "…", k < shown ? f.id(j.next) : "…"],
        class: k === step.index && step.kind === "jump" ? "now" : k < shown ? "" : "dim",
      })),
      "jumps",
    );
    const right = h("div", { class: "tables" }, jumpsTable);
    if (step.kind === "grow") {
      right.append(
        table(
          t.growCaption(state.key),
          [t.bucketsCol, t.bucket, hiddenHeader(this.t.movedCol)],
          step.growth.map((b, i) => ({
            cells: [f.int(i + 1), f.id(b), i > 0 && b !== step.growth[i - 1] ? t.jumpedNew : ""],
            class: i > 0 && b !== step.growth[i - 1] ? "now" : "",
            cellClass: [undefined, undefined, "l"],
          })),
          "growth",
        ),
      );
    }
    const to = afterOf(state);
    const colors = colorClasses(
      [...new Set(this.placed.rows.flatMap((r) => [r.before, r.after]))].sort((a, b) => Number(a) - Number(b)),
    );
    const below = h(
      "div",
      { class: "below" },
      movesLine(this.t, f, this.placed.moves),
      keyMoves(
        this.placed.rows,
        colors,
        {
          caption: t.keysCaption(f.int(n), f.int(to)),
          key: this.t.key,
          before: t.withN(f.int(n)),
          after: t.withN(f.int(to)),
          moved: t.moved,
          stayed: t.stayed,
          movedCol: this.t.movedCol,
          owner: (b) => t.bucketName(f.id(Number(b))),
        },
        animate,
        this.motion.elapsed,
      ),
    );
    stage.append(h("div", {}, svg), right, below);
  }

  protected narrate(step: JumpStep, _i: number, _steps: JumpStep[], state: State): string {
    const t = this.t.jump;
    const f = this.f;
    if (step.kind === "intro") return t.intro(state.key, f.id(step.hash), f.int(state.buckets));
    if (step.kind === "grow") {
      const moves = step.growth.filter((b, i) => i > 0 && b !== step.growth[i - 1]).length;
      return t.grow(state.key, f.int(moves), f.int(step.growth.length));
    }
    const j = step.jumps[step.index];
    if (!j) return "";
    const last = j.next >= state.buckets;
    return t.jump(f.id(j.bucket), f.id(j.next), f.int(state.buckets), last);
  }
}
