// <ringlab-hotkey-stepper servers="S0,…,S9" keys="1000" requests="100000" s="1" seed="16" vnodes="100"
//   more-vnodes="1000" copies="4" key="" before="" step="0">
// `before` is the server list before the reader's last add or remove (empty: none), so a link or a
// reload shows the same moved keys; a new seed, key count or V starts afresh.
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
import { serverNames } from "../core/server-names";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { hotKeyOf, hotkeySteps, keyHomes, ownersOf, type HotkeyStep } from "../steps/hotkey";

const spec = {
  step: stepIndex(),
  servers: serverNames(10),
  keys: num(1000),
  requests: num(100000),
  s: num(1),
  seed: num(16),
  vnodes: num(100),
  "more-vnodes": num(1000),
  copies: num(4),
  key: str(""),
  /** The servers before the last add or remove (empty: no change to show). */
  before: strs([]),
};
type State = StateOf<typeof spec>;

/** What moved between the servers before and now, computed once per scenario. */
interface Change {
  id: string;
  moves: { m: Moves; hotWas: string };
}

const NUMS = ["requests", "keys", "s", "vnodes", "more-vnodes", "copies", "seed"] as const;
/** The fields that change which keys there are or where they go: a change of them starts afresh. */
const PLACING = new Set<string>(["keys", "vnodes", "seed"]);

const styles = `
thead th { white-space: normal; vertical-align: bottom; }
.key-line { margin: 0.5rem 0 0; }
@media (max-width: 640px) {
  table.narrow-stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.narrow-stack, table.narrow-stack tbody, table.narrow-stack tr, table.narrow-stack caption { display: block; width: 100%; }
  table.narrow-stack tr { border-bottom: 1px solid var(--_border); padding: 0.25rem 0; }
  table.narrow-stack th, table.narrow-stack td { display: block; border: 0; padding: 0.1rem 0.3rem; text-align: left; white-space: normal; }
  table.narrow-stack td[data-label] { display: flex; justify-content: space-between; gap: 0.75rem; text-align: right; }
  table.narrow-stack td[data-label]::before { content: attr(data-label); color: var(--_muted); text-align: left; }
}
`;

export class HotkeyStepper extends StepperElement<typeof spec, HotkeyStep> {
  static override spec = spec;
  private key!: ReturnType<typeof textField>;
  private nums!: Record<(typeof NUMS)[number], ReturnType<typeof numberField>>;
  private editor!: ServerEditor;
  private computed: Change | undefined;

  protected override extraStyles(): string {
    return styles;
  }

  protected heading(): string {
    return this.t.hotkey.title;
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.key = textField("key", (key) => this.change({ key: key.trim() }, "keep"));
    const field = (name: (typeof NUMS)[number], min?: number, step: number | "any" = 1) =>
      numberField(
        name,
        (v) => this.change({ [name]: v, ...(PLACING.has(name) ? { before: [] } : {}) } as Partial<State>, "keep"),
        { min, step: step as number },
      );
    this.nums = {
      requests: field("requests", 0),
      keys: field("keys", 1),
      s: field("s", 0, "any"),
      vnodes: field("vnodes", 1),
      "more-vnodes": field("more-vnodes", 1),
      copies: field("copies", 1),
      seed: field("seed"),
    };
    this.editor = new ServerEditor(() => this.shadowRoot, {
      nextName: (names) => nextName("S", names),
      ...nameListEdits(
        () => ({ now: this.state.servers, before: this.state.before }),
        (to) => this.changeServers(to),
        (servers, before) => this.change({ servers, before }, "keep"),
      ),
    });
    box.append(this.key.el, ...NUMS.map((n) => this.nums[n].el), this.editor.el);
  }

  private changeServers(to: string[]): void {
    this.change({ servers: to, before: this.state.servers }, "keep");
  }

  protected override syncParams(state: State): void {
    const t = this.t.hotkey;
    this.key.label.textContent = t.yourKey;
    if (this.rl) {
      this.key.input.placeholder = hotKeyOf(this.rl, state.seed);
      setField(this.shadowRoot, this.key.input, state.key === "" ? this.key.input.placeholder : state.key);
    }
    for (const n of NUMS) {
      this.nums[n].label.textContent = t.fields[n];
      setField(this.shadowRoot, this.nums[n].input, String(state[n]));
    }
    this.editor.sync(state.servers, this.t);
  }

  protected stepsOf(rl: Ringlab, state: State): HotkeyStep[] {
    return hotkeySteps(
      {
        servers: state.servers,
        keys: state.keys,
        requests: state.requests,
        s: state.s,
        seed: state.seed,
        vnodes: state.vnodes,
        moreVnodes: state["more-vnodes"],
        copies: state.copies,
      },
      rl,
    );
  }

  /** What moved between the servers before the reader's last change and now (from the address). */
  private movesNow(rl: Ringlab, state: State, hot: string): Change["moves"] | undefined {
    const from = state.before;
    if (from.length === 0) return undefined;
    const id = JSON.stringify([from, state.servers, state.seed, state.keys, state.vnodes]);
    if (this.computed?.id !== id) {
      const keys = rl.keys(state.seed, state.keys);
      const before = ownersOf(rl, from, state.vnodes, keys);
      const after = ownersOf(rl, state.servers, state.vnodes, keys);
      const m = movesOf(rl, before, after, from);
      this.computed = { id, moves: { m, hotWas: keyHomes(rl, from, state.vnodes, hot, 1).server } };
    }
    return this.computed.moves;
  }

  protected draw(stage: HTMLDivElement, step: HotkeyStep, _i: number, steps: HotkeyStep[], state: State): void {
    const t = this.t.hotkey;
    const f = this.f;
    const rl = this.rl!;
    stage.classList.add("single");
    const colors = colorSlots(step.names);
    const cls = (i: number) => serverClass(colors[i] ?? 0);
    const counts = step.requestsPerServer;
    // One scale for every step, so the bars compare across steps.
    const top = Math.max(1, ...steps.flatMap((x) => x.requestsPerServer));
    const n = counts.length;
    const bw = 300 / Math.max(1, n);
    const svg = s("svg", {
      class: "diagram wide",
      viewBox: "0 0 320 170",
      role: "img",
      "aria-label": t.diagram,
      "data-testid": "requests",
      style: "max-width: 40rem",
    });
    counts.forEach((c, i) => {
      const hgt = (c / top) * 130;
      const x = 10 + i * bw;
      svg.append(
        s("rect", {
          x: x + bw * 0.15,
          y: 140 - hgt,
          width: bw * 0.7,
          height: hgt,
          rx: 2,
          class: `${cls(i)}${i === step.hottestServer ? " em" : ""}`,
        }),
      );
      if (n <= 16)
        svg.append(
          s("text", { x: x + bw / 2, y: 156, "text-anchor": "middle", style: "font-size:10px" }, step.names[i] ?? ""),
        );
    });
    const headers = [t.run, "s", "V", t.copies, t.hottest, t.busiest, t.maxOverMean];
    const rows = steps.map((x) => ({
      cells: [
        t.kinds[x.kind],
        f.num(x.s, 2),
        f.int(x.vnodes),
        f.int(x.copies),
        f.int(x.hottestKeyRequests),
        serverLabel(x.names[x.hottestServer] ?? "", cls(x.hottestServer)),
        f.times(x.maxOverMean, 2),
      ],
      class: x === step ? "now" : "",
      cellClass: ["l"],
    }));
    const wrap = table(t.caption(f.int(state.requests), f.int(state.keys)), headers, rows, "hotkey-table");
    // On a phone each run becomes a block of "header: value" lines instead of a wide table.
    const tableEl = wrap.querySelector("table");
    tableEl?.classList.add("narrow-stack");
    tableEl?.querySelectorAll("tbody tr").forEach((tr) =>
      [...tr.children].forEach((cell, i) => {
        if (i > 0) cell.setAttribute("data-label", headers[i] ?? "");
      }),
    );
    // The key in the field (the run's hottest key unless the reader typed another) and its copies.
    const hot = hotKeyOf(rl, state.seed);
    const key = state.key === "" ? hot : state.key;
    const home = keyHomes(rl, state.servers, state.vnodes, key, state.copies);
    this.key.note.textContent = this.t.scenario.keyHash(f.id(home.hash));
    const colorOf = new Map(step.names.map((name, i) => [name, cls(i)]));
    const label = (name: string) => serverLabel(name, colorOf.get(name) ?? "");
    const keyLine = h(
      "p",
      { class: "key-line", "data-testid": "key-server", "data-server": home.server },
      key === hot ? t.hotKeyOn(key, f.id(home.hash)) : t.keyOn(key, f.id(home.hash)),
      " ",
      label(home.server),
    );
    if (home.copies.length > 0) {
      keyLine.append(t.copiesOn(f.int(home.copies.length)), " ");
      home.copies.forEach((c, i) => keyLine.append(i > 0 ? ", " : "", label(c)));
    }
    const moves = this.movesNow(rl, state, hot);
    const movesP = movesLine(this.t, f, moves?.m);
    if (moves) {
      const now = keyHomes(rl, state.servers, state.vnodes, hot, 1).server;
      movesP.append(" ", now === moves.hotWas ? t.hotStayed(hot, now) : t.hotMoved(hot, moves.hotWas, now));
    }
    stage.append(h("div", {}, svg, keyLine, movesP), wrap);
  }

  protected narrate(step: HotkeyStep, _i: number, _steps: HotkeyStep[], state: State): string {
    const t = this.t.hotkey;
    const f = this.f;
    const share = f.pct(step.hottestKeyRequests / Math.max(1, state.requests));
    const busiest = step.names[step.hottestServer] ?? "";
    switch (step.kind) {
      case "uniform":
        return t.uniform(f.int(state.requests), f.int(state.keys), f.times(step.maxOverMean, 2));
      case "zipf":
        return t.zipf(f.num(step.s, 2), share, busiest, f.times(step.maxOverMean, 2));
      case "more-vnodes":
        return t.more(f.int(step.vnodes), f.times(step.maxOverMean, 2));
      case "copies":
        return t.copies_(f.int(step.copies), f.times(step.maxOverMean, 2));
    }
  }
}
