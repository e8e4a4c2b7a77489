// <ringlab-vnode-calculator servers="10" target="0.05" vnodes="">
// Choosing V: from a target spread c (sd/mean of a server's share) to the virtual nodes per
// server, the chapter's V ≈ 1/c² beside the exact V of the module's sd/mean formula, then what
// the V in use costs: N·V points, memory by the chapter's 16 bytes a point beside the bytes the
// module's own ring holds, and the comparisons of the published binary search (⌈log₂(N·V)⌉, and
// what the module's searchTrace counts on the course's keys). `vnodes` empty: the exact V.
import type { Ringlab } from "ringlab";
import { h } from "../core/dom";
import { RinglabElement } from "../core/element";
import { latinDigits } from "../core/numbers";
import { fraction, moduleNum, num, parseFraction, type StateOf } from "../core/params";
import { stackOnPhones, table } from "../core/table";

const spec = { servers: num(10), target: fraction(0.05), vnodes: moduleNum() };
type State = StateOf<typeof spec>;
type Field = keyof State;

/** The chapter's model: a (token, server) pair of two 8-byte fields. */
const MODEL_BYTES = 16;
/** The course's keys the comparisons are counted on (seed and count of the chapter's claim). */
const SEED = 16;
const KEYS = 10000;
// searchTrace checks that the tokens are sorted, so a trace costs time in the ring's size: keys ×
// points stays under this (the chapter's 25,600 points get all 10,000 keys; 16 M points, 18).
const TRACE_BUDGET = 3e8;

/** A count as the reader writes it: Latin or Bengali digits, with or without grouping commas. */
const count = (text: string): number | undefined => {
  const t = latinDigits(text).replace(/[,\s]/g, "");
  return t === "" ? undefined : Number(t);
};
/** Rounded up, so the V reaches its target; the tolerance keeps 1/0.05² = 400, not 401. */
export const roundUp = (x: number): number => Math.max(1, Math.ceil(x * (1 - 1e-12)));

interface Cost {
  points: number;
  memoryBytes: number;
  keys: number;
  most: number;
  mean: number;
}

export class VnodeCalculator extends RinglabElement<typeof spec> {
  static override spec = spec;
  private fields = new Map<Field, { input: HTMLInputElement; label: HTMLSpanElement }>();
  private presets: HTMLButtonElement[] = [];
  private out!: HTMLDivElement;
  // The last ring measured: a language switch or a re-render does not build it again.
  private cost: { n: number; v: number; cost: Cost } | undefined;

  protected heading(): string {
    return this.t.vnodeCalc.title;
  }

  protected build(box: HTMLDivElement): void {
    const params = h("div", { class: "params", "data-testid": "inputs" });
    for (const field of ["servers", "target", "vnodes"] as const) {
      // Text fields: "5 %" and Bengali digits are how the chapter writes them.
      const input = h("input", {
        type: "text",
        class: "num",
        "data-testid": `field-${field}`,
        inputmode: field === "target" ? "decimal" : "numeric",
        spellcheck: "false",
        autocomplete: "off",
      });
      input.addEventListener("change", () => {
        const v = field === "target" ? parseFraction(input.value) : count(input.value);
        if (field === "vnodes") this.setVnodes(v);
        else this.setState({ [field]: v ?? NaN } as Partial<State>, true);
      });
      const label = h("span");
      this.fields.set(field, { input, label });
      params.append(h("label", {}, label, input));
    }
    const preset = (testid: string, state: Partial<State>) => {
      const b = h("button", { type: "button", "data-testid": testid });
      b.addEventListener("click", () => {
        this.setState(state, false);
        this.setVnodes(state.vnodes);
      });
      this.presets.push(b);
      return b;
    };
    const controls = h(
      "div",
      { class: "controls" },
      preset("preset-chapter", { servers: 100, vnodes: 256 }),
      preset("preset-target", { servers: 10, target: 0.05, vnodes: undefined }),
    );
    this.out = h("div", { "data-testid": "result" });
    box.append(params, controls, this.out);
  }

  /** V given, or cleared (then the exact V for the target is used). */
  private setVnodes(v: number | undefined): void {
    if (v === undefined) this.removeAttribute("vnodes");
    else this.setState({ vnodes: v }, false);
    this.notify();
  }

  /** The ring of N servers × V points, built by the module: its size, its bytes, its searches. */
  private measure(rl: Ringlab, n: number, v: number): Cost {
    if (this.cost?.n === n && this.cost.v === v) return this.cost.cost;
    const ring = rl.ring({ servers: n, vnodes: v });
    try {
      const keys = Math.min(KEYS, Math.max(1, Math.floor(TRACE_BUDGET / ring.size)));
      let most = 0;
      let total = 0;
      for (const hash of rl.keyHashes(SEED, keys)) {
        const steps = ring.searchTrace(hash).length;
        most = Math.max(most, steps);
        total += steps;
      }
      const cost = { points: ring.size, memoryBytes: ring.memoryBytes, keys, most, mean: total / keys };
      this.cost = { n, v, cost };
      return cost;
    } finally {
      ring.dispose();
    }
  }

  protected render(rl: Ringlab, state: State): void {
    const t = this.t.vnodeCalc;
    const f = this.f;
    const n = state.servers;
    const c = state.target;
    for (const [field, { input, label }] of this.fields) {
      label.textContent = t[field];
      if (this.shadowRoot?.activeElement === input) continue;
      const v = state[field];
      input.value =
        v === undefined ? "" : Number.isNaN(v) ? "" : field === "target" ? `${f.num(v * 100, 4)}%` : f.int(v);
    }
    const [chapter, target] = this.presets;
    if (chapter) chapter.textContent = t.presetChapter;
    if (target) target.textContent = t.presetTarget;
    this.out.replaceChildren();

    // From the target to V: every figure from the module's theory curves.
    const exactRaw = rl.theory.vnodesFor(n, c);
    const exact = roundUp(exactRaw);
    const rule = roundUp(1 / (c * c));
    this.fields.get("vnodes")?.input.setAttribute("placeholder", f.int(exact));
    const rows: { label: string; v: number; id: string }[] = [
      { label: t.rule, v: rule, id: "rule" },
      { label: t.exact, v: exact, id: "exact" },
    ];
    if (state.vnodes !== undefined) rows.push({ label: t.yours, v: state.vnodes, id: "yours" });
    const headers = [t.how, t.v, t.sd, t.meets(f.pct(c, 2))];
    this.out.append(
      h("p", { class: "part-title" }, t.fromTarget),
      stackOnPhones(
        table(
          t.caption(f.int(n), f.pct(c, 2)),
          headers,
          rows.map((r) => {
            const sd = rl.theory.sdOverMean(n, r.v);
            return {
              cells: [
                r.label,
                h("span", { "data-testid": `v-${r.id}` }, f.int(r.v)),
                h("span", { "data-testid": `sd-${r.id}` }, f.pct(sd, 2)),
                h("span", { "data-testid": `meets-${r.id}` }, sd <= c ? t.yes : t.no),
              ],
              cellClass: ["l"],
            };
          }),
          "target-table",
        ),
        headers,
      ),
      h(
        "p",
        { class: "hint", "data-testid": "rule-note" },
        t.ruleNote(f.num(exactRaw, 1), f.dec(rule / exact, 3), n > 1 ? f.dec(n / (n - 1), 3) : "—"),
      ),
    );

    // What the V in use costs, on the module's own ring.
    const v = state.vnodes ?? exact;
    const cost = this.measure(rl, n, v);
    const log2 = Math.log2(cost.points);
    const kb = (bytes: number) => t.kb(f.num(bytes / 1024, 1));
    const kpi = (label: string, id: string, value: string, note?: string) =>
      h(
        "div",
        { class: "kpi" },
        h("div", { class: "label" }, label),
        h("div", { class: "big", "data-testid": id }, value),
        note ? h("div", { class: "note", "data-testid": `${id}-note` }, note) : null,
      );
    const tenfold = cost.points * 10;
    this.out.append(
      h("p", { class: "part-title" }, t.costOf(f.int(v), f.int(n))),
      h(
        "div",
        { class: "kpis" },
        kpi(t.points, "points", f.int(cost.points)),
        kpi(t.model, "model-memory", kb(cost.points * MODEL_BYTES), t.bytes(f.int(cost.points * MODEL_BYTES))),
        kpi(
          t.measured,
          "ringlab-memory",
          kb(cost.memoryBytes),
          t.perPoint(f.int(cost.memoryBytes), f.dec(cost.memoryBytes / cost.points, 2)),
        ),
        kpi(t.comparisons, "comparisons", f.int(Math.ceil(log2)), t.log2(f.int(cost.points), f.dec(log2, 2))),
        kpi(t.searched(f.int(cost.keys)), "most", f.int(cost.most), t.mean(f.dec(cost.mean, 2))),
      ),
      h("p", { class: "hint", "data-testid": "memory-note" }, t.memoryNote),
      h(
        "p",
        { class: "narration", "data-testid": "tenfold" },
        t.tenfold(
          f.int(v * 10),
          f.int(tenfold),
          kb(tenfold * MODEL_BYTES),
          f.int(Math.ceil(Math.log2(tenfold))),
          f.dec(Math.log2(10), 1),
        ),
      ),
    );
  }
}
