// <ringlab-modn-stepper hashes="5,20,38,50,77,95" servers="A,B,C,D,E" from="4" to="5" before="" key="" step="0">
// The servers are the names of server numbers 0, 1, …; N before (from) and N after (to) pick how
// many of them are in use. Adding or removing a server on the page is a change from the servers in
// use (the "after" ones) to the new list: N → N ± 1. A removal renumbers the servers behind it, so
// `before` then names the servers as they were (server number i before = before[i]).
// The reader's key joins the chapter's keys at its h32.
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { KEY_MOVES_CSS } from "../core/key-moves";
import { num, nums, stepIndex, str, strs, type StateOf } from "../core/params";
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
import { hiddenHeader, serverLabel, table } from "../core/table";
import { modNSteps, type ModNStep } from "../steps/modn";

const spec = {
  step: stepIndex(),
  hashes: nums([5, 20, 38, 50, 77, 95]),
  servers: strs(["A", "B", "C", "D", "E"]),
  from: num(4),
  to: num(5),
  before: strs([]),
  key: str(""),
};
type State = StateOf<typeof spec>;

export class ModNStepper extends StepperElement<typeof spec, ModNStep> {
  static override spec = spec;
  private editor!: ServerEditor;
  private keyField!: ReturnType<typeof textField>;
  private fromField!: ReturnType<typeof numberField>;
  private toField!: ReturnType<typeof numberField>;
  private moves: Moves | undefined;
  private readonly motion = new MotionWindow();
  private readonly memory = new ColorMemory();

  protected heading(): string {
    return this.t.modn.title(this.f.int(this.fromOf(this.state)), this.f.int(this.state.to));
  }

  protected override extraStyles(): string {
    return `${KEY_MOVES_CSS}
.chip.unused { border-style: dashed; }
.chip .unused-note { color: var(--_muted); font-size: 0.8rem; font-style: italic; }`;
  }

  private name(state: State, i: number): string {
    return state.servers[i] ?? `#${i}`;
  }

  /** N before: the named servers when a removal set them, else the `from` field. */
  private fromOf(state: State): number {
    return state.before.length > 0 ? state.before.length : state.from;
  }

  /** Who server number i is before the change. */
  private nameBefore(state: State, i: number): string {
    return state.before.length > 0 ? (state.before[i] ?? `#${i}`) : this.name(state, i);
  }

  private count(n: number): number {
    return Number.isFinite(n) ? Math.max(0, Math.min(n, 4096)) : 0;
  }

  private namesBefore(state: State): string[] {
    return Array.from({ length: this.count(this.fromOf(state)) }, (_, i) => this.nameBefore(state, i));
  }

  /** The servers in use after the change: the first `to` of the list. */
  private namesAfter(state: State): string[] {
    return Array.from({ length: this.count(state.to) }, (_, i) => this.name(state, i));
  }

  /** Colours by name: every server either placement uses, and the list's. */
  private colors(state: State): Map<string, string> {
    return this.memory.classes([...new Set([...this.namesBefore(state), ...this.namesAfter(state), ...state.servers])]);
  }

  /** Servers on the list that neither N before nor N after reaches: no key can land on them. */
  private unused(state: State): Set<string> {
    const used = new Set([...this.namesBefore(state), ...this.namesAfter(state)]);
    return new Set(state.servers.filter((x) => !used.has(x)));
  }

  private edit(partial: Partial<State>): void {
    this.motion.begin();
    this.change(partial, "last");
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.keyField = textField("key", (v) => this.edit({ key: v.trim() }));
    // Typing N before numbers the servers again (server i is the list's i-th).
    this.fromField = numberField("from", (v) => this.edit({ from: v, before: [] }), { min: 1, step: 1 });
    this.toField = numberField("to", (v) => this.edit({ to: v }), { min: 1, step: 1 });
    this.editor = new ServerEditor(() => this.shadowRoot, {
      colors: this.memory,
      nextName: nextLetter,
      // From the servers in use now (N after) to one more: N → N + 1, the new one numbered last.
      add: (name) => {
        const state = this.state;
        const now = this.namesAfter(state);
        const rest = state.servers.slice(now.length).filter((x) => x !== name);
        this.edit({ servers: [...now, name, ...rest], from: now.length, to: now.length + 1, before: [] });
      },
      // From the servers in use now to the same without this one: N → N − 1, the servers behind it
      // renumbered. A server not in use leaves the list and changes nothing.
      remove: (i) => {
        const state = this.state;
        const gone = state.servers[i];
        const servers = state.servers.filter((_, j) => j !== i);
        if (servers.length === 0 || gone === undefined) return;
        const now = this.namesAfter(state);
        if (!now.includes(gone)) {
          this.edit({ servers });
          return;
        }
        if (now.length <= 1) return;
        this.edit({ servers, before: now, from: now.length, to: now.length - 1 });
      },
      rename: (i, name) => {
        const old = this.state.servers[i];
        this.memory.rename(old ?? "", name);
        this.edit({
          servers: this.state.servers.map((x, j) => (j === i ? name : x)),
          before: this.state.before.map((x) => (x === old ? name : x)),
        });
      },
      // A server beyond both N is said to be out of use on its chip, so the list shows who takes part.
      extra: (i) => {
        const state = this.state;
        const name = state.servers[i];
        if (name === undefined || !this.unused(state).has(name)) return undefined;
        const f = this.f;
        return h(
          "span",
          {
            class: "unused-note",
            title: this.t.modn.notInUseWhy(f.id(i), f.int(this.fromOf(state)), f.int(state.to)),
            "data-testid": `servers-unused-${name}`,
          },
          this.t.modn.notInUse,
        );
      },
    });
    box.append(this.keyField.el, this.fromField.el, this.toField.el, this.editor.el);
  }

  protected override syncParams(state: State): void {
    const t = this.t.modn;
    this.keyField.label.textContent = this.t.scenario.yourKey;
    this.fromField.label.textContent = t.fromN;
    this.toField.label.textContent = t.toN;
    setField(this.shadowRoot, this.keyField.input, state.key);
    const from = this.fromOf(state);
    setField(this.shadowRoot, this.fromField.input, Number.isFinite(from) ? String(from) : "");
    setField(this.shadowRoot, this.toField.input, Number.isFinite(state.to) ? String(state.to) : "");
    this.editor.sync(state.servers, this.t);
    for (const chip of this.editor.el.querySelectorAll<HTMLElement>("li.chip"))
      chip.classList.toggle("unused", chip.querySelector(".unused-note") !== null);
    this.keyField.note.textContent = "";
  }

  protected stepsOf(rl: Ringlab, state: State): ModNStep[] {
    this.moves = undefined;
    const names = { before: this.namesBefore(state), after: this.namesAfter(state) };
    const steps = modNSteps(
      { hashes: state.hashes, from: this.fromOf(state), to: state.to, key: state.key, names },
      rl,
    );
    const rows = steps[0]?.rows ?? [];
    // The servers in use after are named, so a new one that gets no key still counts as joined.
    this.moves = movesOf(
      rl,
      rows.map((r) => this.nameBefore(state, r.before)),
      rows.map((r) => this.name(state, r.after)),
      names.before,
      names.after,
    );
    return steps;
  }

  /** A key's label: the chapter's keys are k1, k2, …; the reader's key is its own text. */
  private label(step: ModNStep, k: number): string {
    return step.rows[k]?.key ?? `k${k + 1}`;
  }

  protected draw(stage: HTMLDivElement, step: ModNStep, _i: number, _steps: ModNStep[], state: State): void {
    const t = this.t.modn;
    const f = this.f;
    const colors = this.colors(state);
    const from = this.fromOf(state);
    const nb = (i: number) => this.nameBefore(state, i);
    const na = (i: number) => this.name(state, i);
    const cls = (name: string) => colors.get(name) ?? "";
    const animate = this.motion.on;
    const keyRow = step.rows.findIndex((r) => r.key !== undefined);
    if (keyRow >= 0) {
      const r = step.rows[keyRow]!;
      this.keyField.note.textContent = t.keyNote(
        f.id(r.hash),
        f.int(from),
        f.id(r.before),
        nb(r.before),
        f.int(state.to),
        f.id(r.after),
        na(r.after),
      );
    }
    const cols = Math.max(from, state.to);
    const revealed = step.kind === "intro" ? 0 : step.kind === "summary" ? step.rows.length : step.index + 1;
    const colW = 300 / cols;
    const chipH = 17;
    // Stack keys per column; the tallest column sets the band height.
    const stack = (band: "before" | "after", upto: number) => {
      const pos = new Map<number, number>();
      const seen = new Map<number, number>();
      step.rows.forEach((r, k) => {
        if (k >= upto) return;
        const c = r[band];
        const n = seen.get(c) ?? 0;
        seen.set(c, n + 1);
        pos.set(k, n);
      });
      return { pos, depth: Math.max(1, ...seen.values()) };
    };
    const top = stack("before", step.rows.length);
    const bottom = stack("after", revealed);
    const depth = Math.max(top.depth, stack("after", step.rows.length).depth);
    const bandH = depth * (chipH + 4) + 26;
    const y1 = 4;
    const y2 = y1 + bandH + 34;
    const height = y2 + bandH + 4;
    const svg = s("svg", {
      class: `diagram wide${animate ? " animate" : ""}`,
      ...(animate ? { style: `--ringlab-elapsed: ${-Math.round(this.motion.elapsed)}ms` } : {}),
      viewBox: `0 0 320 ${height}`,
      role: "img",
      "aria-label": t.diagram(f.int(from), f.int(state.to)),
      "data-testid": "modn-diagram",
    });
    // A band's spare columns name the servers that are only in the other one (E before it joins,
    // B after it left), faded.
    const before = this.namesBefore(state);
    const after = this.namesAfter(state);
    const joined = after.filter((x) => !before.includes(x));
    const left = before.filter((x) => !after.includes(x));
    const band = (y: number, n: number, label: string, names: (c: number) => string, spare: string[]) => {
      svg.append(s("text", { x: 2, y: y + 12, class: "muted" }, label));
      for (let c = 0; c < cols; c++) {
        const x = 10 + c * colW;
        const active = c < n;
        svg.append(
          s("rect", {
            x: x + 2,
            y: y + 16,
            width: colW - 4,
            height: bandH - 18,
            rx: 6,
            class: "cell",
            opacity: active ? 1 : 0.35,
          }),
        );
        svg.append(
          s(
            "text",
            {
              x: x + colW / 2,
              y: y + bandH + 10,
              "text-anchor": "middle",
              "font-weight": 700,
              opacity: active ? 1 : 0.4,
            },
            active ? names(c) : (spare[c - n] ?? ""),
          ),
        );
      }
    };
    band(y1, from, t.band(f.int(from)), nb, joined);
    band(y2, state.to, t.band(f.int(state.to)), na, left);
    // Lines under the chips: a group appended before any chip.
    const lines = s("g", {});
    svg.append(lines);
    const chipAt = (y: number, col: number, row: number) => [10 + col * colW + 6, y + 20 + row * (chipH + 4)] as const;
    // As many characters as a chip holds (about 6.2 units each at 11 px).
    const room = Math.max(2, Math.floor((colW - 16) / 6.2));
    const fit = (text: string) => ([...text].length <= room ? text : `${[...text].slice(0, room - 1).join("")}…`);
    step.rows.forEach((r, k) => {
      const [x, y] = chipAt(y1, r.before, top.pos.get(k) ?? 0);
      const now = step.kind === "key" && k === step.index;
      const label = fit(r.key ?? `k${k + 1}`);
      svg.append(
        s("rect", {
          x,
          y,
          width: colW - 12,
          height: chipH,
          rx: 4,
          class: `${cls(nb(r.before))}${now ? " em" : ""}`,
          opacity: 0.9,
        }),
      );
      svg.append(s("text", { x: x + 4, y: y + 12.5, class: "chip-text" }, label));
      if (k < revealed) {
        const [x2, yb] = chipAt(y2, r.after, bottom.pos.get(k) ?? 0);
        const moved = r.moved;
        lines.append(
          s("line", {
            x1: x + (colW - 12) / 2,
            y1: y + chipH,
            x2: x2 + (colW - 12) / 2,
            y2: yb,
            class: moved ? "arc-moved" : "axis",
            style: moved ? "stroke:var(--_bad);stroke-width:2" : "stroke-width:2",
            opacity: now || step.kind === "summary" ? 1 : 0.5,
          }),
        );
        const chip = s("g", { class: moved ? "moved-new" : "", "data-moved": String(moved) });
        chip.append(
          s("rect", {
            x: x2,
            y: yb,
            width: colW - 12,
            height: chipH,
            rx: 4,
            class: `${cls(na(r.after))}${now ? " em" : ""}`,
          }),
          s("text", { x: x2 + 4, y: yb + 12.5, class: "chip-text" }, label),
        );
        // Moved: a dashed frame in the old server's colour stays around the key's new place.
        if (moved)
          chip.append(
            s("rect", {
              x: x2 - 2.5,
              y: yb - 2.5,
              width: colW - 7,
              height: chipH + 5,
              rx: 5,
              class: `moved-chip ${cls(nb(r.before))}`,
            }),
          );
        svg.append(chip);
      }
    });
    const rows = step.rows.map((r, k) => {
      const shown = k < revealed;
      const moved = r.moved;
      return {
        cells: [
          this.label(step, k),
          f.id(r.hash),
          h("span", {}, `${f.id(r.before)} `, serverLabel(nb(r.before), cls(nb(r.before)))),
          shown ? h("span", {}, `${f.id(r.after)} `, serverLabel(na(r.after), cls(na(r.after)))) : "…",
          shown ? (moved ? t.moved : t.stayed) : "",
        ],
        class: step.kind === "key" && k === step.index ? "now" : shown ? (moved ? "moved-row" : "") : "dim",
        cellClass: [undefined, undefined, undefined, undefined, shown ? (moved ? "moved" : "kept") : undefined],
      };
    });
    stage.append(
      h("div", {}, svg),
      table(
        t.tableCaption(f.int(from), f.int(state.to)),
        [this.t.key, this.t.hash, `mod ${f.int(from)}`, `mod ${f.int(state.to)}`, hiddenHeader(this.t.movedCol)],
        rows,
        "owners",
      ),
      // The count is the summary's answer: shown once every key's new server is revealed.
      h("div", { class: "below" }, movesLine(this.t, f, step.kind === "summary" ? this.moves : undefined)),
    );
  }

  protected narrate(step: ModNStep, _i: number, _steps: ModNStep[], state: State): string {
    const t = this.t.modn;
    const f = this.f;
    const from = this.fromOf(state);
    if (step.kind === "intro")
      return t.intro(f.int(step.rows.length), f.int(from), this.nameBefore(state, 0), this.nameBefore(state, from - 1));
    if (step.kind === "key") {
      const r = step.rows[step.index];
      if (!r) return "";
      return t.key(
        this.label(step, step.index),
        f.id(r.hash),
        f.int(from),
        f.id(r.before),
        this.nameBefore(state, r.before),
        f.int(state.to),
        f.id(r.after),
        this.name(state, r.after),
        r.moved,
      );
    }
    const before = this.namesBefore(state);
    const after = this.namesAfter(state);
    const joined = after.filter((x) => !before.includes(x));
    const left = before.filter((x) => !after.includes(x));
    if (joined.length === 0 && left.length > 0) {
      const fromLeft = step.rows.filter((r) => left.includes(this.nameBefore(state, r.before))).length;
      return t.summaryLeft(
        f.int(step.moved),
        f.int(step.rows.length),
        f.int(fromLeft),
        left.join(", "),
        f.pct(1 - step.keptFraction),
        f.pct(step.minimumMoved),
      );
    }
    const newNames = joined.join(", ");
    return t.summary(
      f.int(step.moved),
      f.int(step.rows.length),
      f.int(step.movedToNew),
      newNames,
      f.pct(1 - step.keptFraction),
      f.pct(step.minimumMoved),
    );
  }
}
