// <ringlab-cache-whatif hit="0.95" from="4" to="5" algorithm="mod-n">
// The cache-stampede calculator: the fraction of keys a resize moves (mod-N and the minimum from the
// module's theory; the others measured by its compare on the course's keys), then the module's
// cacheWhatIf: hits right after, and the database's load multiplier. keys and vnodes, when absent,
// are the comparison's own defaults (rl.defaults().compare). The algorithms are those compare runs,
// read from the core's registry (rl.algorithms()).
import type { AlgorithmInfo, ComparisonAlgorithm, ComparisonReasonCode, ComparisonRow, Ringlab } from "ringlab";
import { Charts, chart } from "../core/chart";
import { h } from "../core/dom";
import { RinglabElement } from "../core/element";
import { readNumber } from "../core/numbers";
import { fraction, moduleNum, num, parseFraction, str, type StateOf } from "../core/params";
import { setField } from "../core/numbers";
import { stackOnPhones, table } from "../core/table";

/** A choice: an algorithm compare runs, or the ideal (the fewest keys any placement moves). */
type Algorithm = ComparisonAlgorithm | "ideal";

/** mod-N's moved fraction is the theory's for any resize; it is the choice when none is made. */
const MOD_N = "mod-n" satisfies ComparisonAlgorithm;

const compared = (a: AlgorithmInfo): a is AlgorithmInfo & { name: ComparisonAlgorithm } => a.compare;

/** The algorithms compare runs, in the registry's order. */
function comparedNames(rl: Ringlab): ComparisonAlgorithm[] {
  return rl
    .algorithms()
    .filter(compared)
    .map((a) => a.name);
}

const spec = {
  hit: fraction(0.95),
  from: num(4),
  to: num(5),
  // Any text: it is held against the registry's choices when rendered, where one that is not among
  // them is mod-N, as an absent one is.
  algorithm: str(MOD_N),
  keys: moduleNum(),
  vnodes: moduleNum(),
};
type State = StateOf<typeof spec>;

interface Row {
  algorithm: Algorithm;
  moved?: number;
  source: "theory" | "measured" | "not-measured" | "unsupported";
  /** Why compare has no row for it (the module's code), when unsupported. */
  reasonCode?: ComparisonReasonCode | undefined;
}

export class CacheWhatIf extends RinglabElement<typeof spec> {
  static override spec = spec;
  private readonly charts = new Charts();
  private fields = new Map<"hit" | "from" | "to", { input: HTMLInputElement; label: HTMLSpanElement }>();
  private select!: HTMLSelectElement;
  private selectLabel!: HTMLSpanElement;
  private out!: HTMLDivElement;
  private summary!: HTMLParagraphElement;
  private compared: { key: string; rows: ComparisonRow[] } | undefined;

  protected heading(): string {
    return this.t.cache.title;
  }

  protected build(box: HTMLDivElement): void {
    const params = h("div", { class: "params", "data-testid": "inputs" });
    for (const field of ["hit", "from", "to"] as const) {
      // The hit ratio is text: "95 %" is how the chapter writes it, which a number field refuses.
      const input = h("input", {
        type: "text",
        "data-numeric": "",
        class: "num",
        "data-testid": `field-${field}`,
        inputmode: "decimal",
        spellcheck: "false",
        autocomplete: "off",
      });
      input.addEventListener("change", () => {
        const v = field === "hit" ? parseFraction(input.value) : readNumber(input.value);
        this.setState({ [field]: v } as Partial<State>, true);
      });
      const label = h("span");
      this.fields.set(field, { input, label });
      params.append(h("label", {}, label, input));
    }
    this.select = h("select", { "data-testid": "field-algorithm" });
    this.select.addEventListener("change", () => this.setState({ algorithm: this.select.value as Algorithm }, true));
    this.selectLabel = h("span");
    params.append(h("label", {}, this.selectLabel, this.select));
    this.summary = h("p", { class: "narration", "data-testid": "summary", "aria-live": "polite" });
    this.out = h("div", { "data-testid": "result" });
    box.append(params, this.summary, this.out);
  }

  /** The moved fraction for each algorithm, from the module. */
  private rows(rl: Ringlab, state: State): Row[] {
    const n = state.from;
    const m = state.to;
    const rows: Row[] = [];
    const measured = Math.abs(m - n) === 1;
    if (measured) {
      // One server added (S{n}) or the last removed: what compare can express for every algorithm.
      const scenario = { servers: n, keys: state.keys, vnodes: state.vnodes, change: m > n ? "add" : `remove:S${m}` };
      const key = JSON.stringify(scenario);
      if (this.compared?.key !== key) this.compared = { key, rows: rl.compare(scenario) };
    }
    for (const a of comparedNames(rl)) {
      if (a === MOD_N) {
        rows.push({ algorithm: a, moved: 1 - rl.theory.modNKeptFraction(n, m), source: "theory" });
        continue;
      }
      const r = measured ? this.compared?.rows.find((x) => x.algorithm === a) : undefined;
      if (!measured) rows.push({ algorithm: a, source: "not-measured" });
      else if (!r || !r.supported) rows.push({ algorithm: a, source: "unsupported", reasonCode: r?.reasonCode });
      else rows.push({ algorithm: a, moved: r.moved, source: "measured" });
    }
    rows.push({ algorithm: "ideal", moved: rl.theory.minimumMovedFraction(n, m), source: "theory" });
    return rows;
  }

  protected render(rl: Ringlab, state: State): void {
    const t = this.t.cache;
    const f = this.f;
    const all: Algorithm[] = [...comparedNames(rl), "ideal"];
    const chosen = all.find((a) => a === state.algorithm) ?? MOD_N;
    const label = (a: Algorithm) => (a === "ideal" ? t.ideal : this.t.algorithms[a]);
    for (const [field, { input, label }] of this.fields) {
      label.textContent = t[field];
      setField(this.shadowRoot, input, String(state[field]));
    }
    this.selectLabel.textContent = t.algorithm;
    this.select.replaceChildren(...all.map((a) => h("option", { value: a, selected: a === chosen }, label(a))));
    this.select.value = chosen;
    this.charts.clear();
    this.out.replaceChildren();
    this.summary.textContent = "";
    const rows = this.rows(rl, state);
    const results = rows.map((r) => ({
      row: r,
      w: r.moved === undefined ? undefined : rl.cacheWhatIf(state.hit, r.moved),
    }));
    const picked = results.find((x) => x.row.algorithm === chosen);
    if (picked?.w) {
      const w = picked.w;
      this.summary.textContent = t.summary(
        label(chosen),
        f.pct(w.moved),
        f.pct(w.hitBefore),
        f.pct(w.hitAfter),
        f.times(w.dbMultiplier),
      );
      this.out.append(
        h(
          "div",
          { class: "kpis" },
          h(
            "div",
            { class: "kpi" },
            h("div", { class: "label" }, t.moved),
            h("div", { class: "big", "data-testid": "moved" }, f.pct(w.moved)),
          ),
          h(
            "div",
            { class: "kpi" },
            h("div", { class: "label" }, t.hitAfter),
            h("div", { class: "big", "data-testid": "hit-after" }, f.pct(w.hitAfter)),
          ),
          h(
            "div",
            { class: "kpi" },
            h("div", { class: "label" }, t.db),
            h("div", { class: "big", "data-testid": "db-multiplier" }, f.times(w.dbMultiplier)),
          ),
        ),
      );
    } else this.summary.textContent = t.unavailable(label(chosen));
    const sourceText = (r: Row) =>
      r.source === "theory"
        ? t.theory
        : r.source === "measured"
          ? t.measured(f.int(state.keys ?? rl.defaults().compare.keys))
          : r.source === "unsupported"
            ? t.unsupported(r.reasonCode ? this.t.compare.reasonByCode[r.reasonCode](label(r.algorithm)) : "")
            : t.notMeasured;
    const headers = [t.algorithm, t.moved, t.hitAfter, t.db, t.source];
    this.out.append(
      stackOnPhones(
        table(
          t.caption(f.pct(state.hit), f.int(state.from), f.int(state.to)),
          headers,
          results.map(({ row, w }) => ({
            cells: [
              label(row.algorithm),
              w ? f.pct(w.moved) : "—",
              w ? f.pct(w.hitAfter) : "—",
              w ? f.times(w.dbMultiplier) : "—",
              sourceText(row),
            ],
            class: row.algorithm === chosen ? "now" : "",
            cellClass: [undefined, undefined, undefined, undefined, "l"],
          })),
          "whatif-table",
        ),
        headers,
      ),
    );
    const plotted = results.filter((x) => x.w);
    this.out.append(
      h(
        "div",
        { class: "charts" },
        this.charts.add(
          chart(this, {
            title: t.chart,
            testid: "chart-db",
            x: plotted.map((_, i) => i),
            categories: plotted.map((x) => label(x.row.algorithm)),
            series: [
              { label: t.db, values: plotted.map((x) => x.w?.dbMultiplier ?? 0), color: "--_bad", kind: "bars" },
            ],
            yMin: 0,
            xFmt: (v) => f.num(v),
            yFmt: (v) => f.num(v, 1),
            table: {
              caption: t.chart,
              headers: [t.algorithm, t.db],
              rows: plotted.map((x) => ({ cells: [label(x.row.algorithm), f.times(x.w?.dbMultiplier ?? 0)] })),
            },
          }),
        ),
      ),
    );
  }

  protected override disconnected(): void {
    this.charts.clear();
  }
}
