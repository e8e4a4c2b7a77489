// <ringlab-maglev-stepper backends="B0,B1,B2" table-size="13" key="user:42" before="" step="0">
// `before` is the backend list before the reader's last add or remove (empty: none), so a link or
// a reload shows the same moved slots; a new table size starts afresh.
// A table small enough for one screen is filled turn by turn; a large one (the chapter's
// M = 65537) is shown as a summary: entries per backend against M/N and the whole table as one
// image, a pixel per slot, with the key's slot marked. No slot ever becomes a DOM node.
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, stepIndex, str, strs, type StateOf } from "../core/params";
import {
  colorSlots,
  movesLine,
  movesOf,
  nameListEdits,
  nextName,
  numberField,
  ServerEditor,
  setField,
  textField,
  type Moves,
} from "../core/scenario";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { maglevSteps, maglevTable, STEPPER_MAX, type MaglevStep } from "../steps/maglev";

const spec = {
  step: stepIndex(),
  backends: strs(["B0", "B1", "B2"]),
  "table-size": num(13),
  key: str("user:42"),
  /** The backends before the last add or remove (empty: no change to show). */
  before: strs([]),
};
type State = StateOf<typeof spec>;

/** What moved between the backends before and now, computed once per scenario. */
interface Change {
  id: string;
  moves: { m: Moves; was: Uint32Array; oldNames: readonly string[] };
}

const styles = `
.strip { position: relative; margin: 0.25rem 0 0.5rem; }
.strip canvas { display: block; width: 100%; height: auto; image-rendering: pixelated; border: 1px solid var(--_border); }
.strip svg { position: absolute; inset: 0; width: 100%; height: 100%; overflow: visible; pointer-events: none; }
.strip .mark { fill: none; stroke: var(--_fg); stroke-width: 2.5; vector-effect: non-scaling-stroke; }
.strip .cross { stroke: var(--_fg); stroke-width: 1; stroke-dasharray: 4 3; vector-effect: non-scaling-stroke; opacity: 0.8; }
.strip-caption { font-size: 0.875rem; font-weight: 600; margin: 0.25rem 0 0; }
thead th { white-space: normal; }
`;

export class MaglevStepper extends StepperElement<typeof spec, MaglevStep> {
  static override spec = spec;
  private key!: ReturnType<typeof textField>;
  private size!: ReturnType<typeof numberField>;
  private editor!: ServerEditor;
  private computed: Change | undefined;

  protected override extraStyles(): string {
    return styles;
  }

  protected heading(): string {
    return this.t.maglev.title(this.f.int(this.state["table-size"]));
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.key = textField("key", (key) => this.change({ key }, "last"));
    this.size = numberField("table-size", (m) => this.change({ "table-size": m, before: [] }), { min: 2, step: 1 });
    this.editor = new ServerEditor(() => this.shadowRoot, {
      nextName: (names) => nextName("B", names),
      ...nameListEdits(
        () => ({ now: this.state.backends, before: this.state.before }),
        (to) => this.changeBackends(to),
        (backends, before) => this.change({ backends, before }, "last"),
      ),
    });
    box.append(this.key.el, this.size.el, this.editor.el);
  }

  private changeBackends(to: string[]): void {
    const state = this.state;
    // A summary is a single step: no second render to reach the last one.
    this.change({ backends: to, before: state.backends }, state["table-size"] > STEPPER_MAX ? "keep" : "last");
  }

  protected override syncParams(state: State): void {
    const t = this.t.maglev;
    this.key.label.textContent = this.t.scenario.yourKey;
    setField(this.shadowRoot, this.key.input, state.key);
    this.size.label.textContent = t.tableSize;
    setField(this.shadowRoot, this.size.input, String(state["table-size"]));
    this.editor.sync(state.backends, this.t, t.backends);
  }

  protected stepsOf(rl: Ringlab, state: State): MaglevStep[] {
    return maglevSteps({ backends: state.backends, tableSize: state["table-size"], key: state.key }, rl);
  }

  /** What moved between the backends before the reader's last change and now (from the address). */
  private movesNow(step: MaglevStep, state: State): Change["moves"] | undefined {
    const rl = this.rl;
    if (!rl || state.before.length === 0) return undefined;
    const id = JSON.stringify([state.before, step.backends, step.table.length]);
    if (this.computed?.id !== id) {
      const before = maglevTable(rl, state.before, step.table.length);
      const oldNames = before.backends;
      const newNames = step.backends;
      const b = Array.from(before.table, (x) => oldNames[x] ?? "");
      const a = Array.from(step.table, (x) => newNames[x] ?? "");
      this.computed = { id, moves: { m: movesOf(rl, b, a, oldNames), was: before.table, oldNames } };
    }
    return this.computed.moves;
  }

  protected draw(stage: HTMLDivElement, step: MaglevStep, _i: number, _steps: MaglevStep[], state: State): void {
    const moves = this.movesNow(step, state);
    stage.classList.toggle("single", step.kind === "summary");
    if (step.kind === "summary") this.drawSummary(stage, step, moves);
    else this.drawTurns(stage, step, moves);
    this.key.note.textContent = this.t.maglev.keyNote(
      this.f.id(step.lookup.hash),
      this.f.id(step.lookup.slot),
      step.backends[step.lookup.backend] ?? "",
    );
  }

  private movesPara(step: MaglevStep, moves: Change["moves"] | undefined): HTMLParagraphElement {
    const p = movesLine(this.t, this.f, moves?.m);
    if (moves) {
      const f = this.f;
      p.textContent = this.t.maglev.moved(
        f.int(moves.m.movement.moved),
        f.int(step.table.length),
        f.int(moves.m.mustMove),
      );
      const slot = step.lookup.slot;
      const was = moves.oldNames[moves.was[slot] ?? 0] ?? "";
      const now = step.backends[step.lookup.backend] ?? "";
      if (was !== now) p.append(" ", this.t.maglev.keyMoved(step.lookup.key, was, now));
    }
    return p;
  }

  private countsTable(step: MaglevStep, colors: number[]): HTMLDivElement {
    const t = this.t.maglev;
    const f = this.f;
    const M = step.table.length;
    const mean = M / Math.max(1, step.backends.length);
    const rows = step.backends.map((name, b) => {
      const c = step.counts[b] ?? 0;
      return {
        cells: [serverLabel(name, serverClass(colors[b] ?? 0)), f.int(c), f.pct(c / M, 2), f.dec(c / mean, 4)],
        class: b === step.lookup.backend ? "now" : "",
      };
    });
    return table(t.countsCaption(f.int(M), f.dec(mean, 1)), [t.backend, t.slots, t.share, t.vsMean], rows, "counts");
  }

  /** The colours the styles give each slot, as RGBA words for an image. */
  private palette(colors: number[]): Uint32Array {
    const probe = document.createElement("canvas").getContext("2d");
    const css = getComputedStyle(this.box);
    return Uint32Array.from(colors, (slot) => {
      if (!probe) return 0xff888888;
      probe.fillStyle = "#888";
      probe.fillStyle = css.getPropertyValue(`--_s${slot % 12}`).trim() || "#888";
      const hex = /^#([0-9a-f]{6})$/i.exec(String(probe.fillStyle))?.[1] ?? "888888";
      const n = Number.parseInt(hex, 16);
      // ImageData is RGBA in memory: little-endian words are ABGR.
      return (0xff000000 | ((n & 0xff) << 16) | (n & 0xff00) | ((n >> 16) & 0xff)) >>> 0;
    });
  }

  /** The table as an image, a pixel per slot, row after row; `only` keeps just those slots. */
  private strip(
    step: MaglevStep,
    colors: number[],
    label: string,
    testid: string,
    only?: boolean[],
    mark?: number,
  ): HTMLDivElement {
    const M = step.table.length;
    // About four times as wide as tall: 65537 slots are 512 × 129 pixels.
    const w = Math.max(1, Math.ceil(Math.sqrt(M * 4)));
    const rowsN = Math.ceil(M / w);
    const canvas = h("canvas", { width: w, height: rowsN, role: "img", "aria-label": label, "data-testid": testid });
    const ctx = canvas.getContext("2d");
    if (ctx) {
      const img = ctx.createImageData(w, rowsN);
      const words = new Uint32Array(img.data.buffer);
      const pal = this.palette(colors);
      const table = step.table;
      for (let i = 0; i < M; i++) if (!only || only[i]) words[i] = pal[table[i] ?? 0] ?? 0;
      ctx.putImageData(img, 0, 0);
    }
    const over = s("svg", { viewBox: `0 0 ${w} ${rowsN}`, preserveAspectRatio: "none", "aria-hidden": "true" });
    if (mark !== undefined) {
      const x = mark % w;
      const y = Math.floor(mark / w);
      over.append(
        s("line", { class: "cross", x1: 0, x2: w, y1: y + 0.5, y2: y + 0.5 }),
        s("line", { class: "cross", x1: x + 0.5, x2: x + 0.5, y1: 0, y2: rowsN }),
        s("rect", {
          class: "mark",
          x: x - 1.5,
          y: y - 1.5,
          width: 4,
          height: 4,
          "data-testid": "key-slot",
          "data-slot": mark,
        }),
      );
    }
    return h("div", { class: "strip" }, canvas, over);
  }

  private drawSummary(stage: HTMLDivElement, step: MaglevStep, moves: Change["moves"] | undefined): void {
    const t = this.t.maglev;
    const f = this.f;
    const M = step.table.length;
    const colors = colorSlots(step.backends);
    const l = step.lookup;
    const left = h(
      "div",
      {},
      h("p", { class: "strip-caption" }, t.stripCaption(f.int(M))),
      this.strip(step, colors, t.diagram(f.int(M)), "maglev-strip", undefined, l.slot),
      h(
        "ul",
        { class: "legend" },
        ...step.backends.map((b, i) => h("li", {}, serverLabel(b, serverClass(colors[i] ?? 0)))),
      ),
      h(
        "p",
        { "data-testid": "lookup" },
        t.lookup(l.key, f.id(l.hash), f.int(M), f.id(l.slot), step.backends[l.backend] ?? ""),
      ),
      this.movesPara(step, moves),
    );
    if (moves)
      left.append(
        h("p", { class: "strip-caption" }, t.movedStrip),
        this.strip(step, colors, t.movedStrip, "moved-strip", moves.m.moved),
      );
    stage.append(
      left,
      this.countsTable(step, colors),
      h("p", { class: "hint", "data-testid": "stepper-note" }, t.stepperNote(f.int(STEPPER_MAX))),
    );
  }

  private drawTurns(stage: HTMLDivElement, step: MaglevStep, moves: Change["moves"] | undefined): void {
    const t = this.t.maglev;
    const f = this.f;
    const M = step.table.length;
    const colors = colorSlots(step.backends);
    const cls = (b: number) => serverClass(colors[b] ?? 0);
    const turns = step.turns;
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
    if (turns) for (let k = 0; k <= step.turn; k++) holder.set(turns.slot[k] ?? 0, turns.backend[k] ?? 0);
    const current = step.kind === "turn" ? turns?.slot[step.turn] : undefined;
    const done = step.kind === "done";
    for (let slot = 0; slot < M; slot++) {
      const r = Math.floor(slot / perRow);
      const c = slot - r * perRow;
      const x = 10 + c * cw;
      const y = 4 + r * (ch + 22);
      const b = holder.get(slot);
      const looked = slot === step.lookup.slot;
      svg.append(
        s("rect", {
          x: x + 1,
          y,
          width: cw - 2,
          height: ch,
          rx: 3,
          class: b === undefined ? "cell" : `${cls(b)}${slot === current || (done && looked) ? " em" : ""}`,
          "fill-opacity": b === undefined ? 1 : 0.85,
        }),
      );
      if (done && moves?.m.moved[slot])
        svg.append(
          s("rect", {
            x: x - 1,
            y: y - 2,
            width: cw + 2,
            height: ch + 4,
            rx: 4,
            class: `moved-mark was ${serverClass(this.oldColor(moves, slot, step.backends))}`,
            "data-moved": "",
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
            {
              x: x + cw / 2,
              y: y + ch + 14,
              "text-anchor": "middle",
              class: "muted",
              style: "font-size:10px",
              "font-weight": done && looked ? 700 : 400,
            },
            f.id(slot),
          ),
        );
    }
    const held = new Array<number>(step.backends.length).fill(0);
    for (const b of holder.values()) held[b] = (held[b] ?? 0) + 1;
    const rows = step.backends.map((name, b) => ({
      cells: [
        serverLabel(name, cls(b)),
        f.id(step.offsets[b] ?? 0),
        f.id(step.skips[b] ?? 0),
        f.int(done ? (step.counts[b] ?? 0) : (held[b] ?? 0)),
      ],
      class: step.kind === "turn" && turns?.backend[step.turn] === b ? "now" : "",
    }));
    const right = h(
      "div",
      {},
      table(t.backendsCaption(f.int(M)), [t.backend, "offset", "skip", t.slots], rows, "backends"),
    );
    if (done) {
      const l = step.lookup;
      right.append(
        h(
          "p",
          { "data-testid": "lookup" },
          t.lookup(l.key, f.id(l.hash), f.int(M), f.id(l.slot), step.backends[l.backend] ?? ""),
        ),
      );
    }
    right.append(this.movesPara(step, done ? moves : undefined));
    stage.append(h("div", {}, svg), right);
  }

  /** The colour slot the old owner of a slot has among the current colours (by its name). */
  private oldColor(moves: NonNullable<Change["moves"]>, slot: number, now: readonly string[]): number {
    const name = moves.oldNames[moves.was[slot] ?? 0] ?? "";
    // A removed backend keeps the colour its name asks for among the old list.
    const i = now.indexOf(name);
    return i >= 0 ? (colorSlots(now)[i] ?? 0) : (colorSlots(moves.oldNames)[moves.was[slot] ?? 0] ?? 0);
  }

  protected narrate(step: MaglevStep): string {
    const t = this.t.maglev;
    const f = this.f;
    const M = step.table.length;
    const counts = () => step.backends.map((b, i) => `${b} ${f.int(step.counts[i] ?? 0)}`).join(", ");
    if (step.kind === "summary")
      return t.summary(
        f.int(step.backends.length),
        f.int(M),
        counts(),
        f.dec(M / Math.max(1, step.backends.length), 1),
      );
    if (step.kind === "intro") return t.intro(f.int(step.backends.length), f.int(M));
    if (step.kind === "done") return t.done(counts(), f.int(M));
    const turns = step.turns;
    const b = turns?.backend[step.turn] ?? 0;
    const skipped = turns?.skipped[step.turn] ?? 0;
    return t.turn(
      f.int(step.turn + 1),
      step.backends[b] ?? "",
      f.id(turns?.slot[step.turn] ?? 0),
      f.int(skipped),
      skipped === 0,
    );
  }
}
